import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { ReminderKind } from '../../lib/email';
import type { ApiLanguage } from '../../lib/i18n';
import type { Clock } from '../clock';
import { type Db, rowsOf } from '../db/client';
import type { Mailer } from '../email/mailer';
import { preferencesOf } from './preferences';
import { emailOutbox } from './tables';

/** One email of one event, ready to queue: `eventKey` names the event (`stake-ended:12`), once ever. */
export type Reminder = {
  eventKey: string;
  kind: ReminderKind;
  userId: number;
  toEmail: string;
  language: ApiLanguage;
  subject: string;
  body: string;
  unsubscribeUrl: string;
  state?: 'dropped';
};

/** Queues reminders, each once: a key already queued (by an earlier run, or another server's at the same time) is skipped. The number newly queued to send (dropped ones, of a kind the member turned off, are recorded, not counted). */
export async function enqueue(db: Db, clock: Clock, reminders: Reminder[]): Promise<number> {
  if (reminders.length === 0) return 0;
  const now = clock.now();
  const rows = await db
    .insert(emailOutbox)
    .values(reminders.map((r) => ({ ...r, nextAttemptAt: now, createdAt: now })))
    .onConflictDoNothing({ target: emailOutbox.eventKey })
    .returning({ state: emailOutbox.state });
  return rows.filter((r) => r.state === 'queued').length;
}

/** One operator's alert email (server/alerts/), queued once per `eventKey` (`alert:<incident>:<operator>`). */
export type OperatorAlert = { eventKey: string; toEmail: string; subject: string; body: string };

/** Queues operators' alerts beside the reminders, each once by its key; sent by the same drain. The number newly queued. */
export async function enqueueAlerts(db: Db, clock: Clock, alerts: OperatorAlert[]): Promise<number> {
  if (alerts.length === 0) return 0;
  const now = clock.now();
  const rows = await db
    .insert(emailOutbox)
    .values(
      alerts.map((a) => ({ ...a, kind: 'alert' as const, userId: null, unsubscribeUrl: null, language: 'en' as const, nextAttemptAt: now, createdAt: now })),
    )
    .onConflictDoNothing({ target: emailOutbox.eventKey })
    .returning({ id: emailOutbox.id });
  return rows.length;
}

/** Tries before an email is given up ('failed'), and the wait after the n-th failed try: 1, 2, 4 … minutes, at most an hour. */
export const MAX_ATTEMPTS = 12;
export const retryDelayMs = (attempts: number) => Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
/** How long a claimed email is held by the server sending it before another may try it (a process that died mid-send). */
const LEASE_MS = 5 * 60_000;

export type SendReport = { sent: number; retried: number; failed: number; dropped: number };

/**
 * Sends the queued emails that are due, oldest first, `limit` at a time. Each is claimed first (its next try
 * moved past a lease, under FOR UPDATE SKIP LOCKED), so two servers draining at once never send one twice; a
 * failed send is retried later with a growing delay (SMTP down), and one whose kind the member turned off
 * since it was queued is dropped. Nothing here runs inside the action that caused the email.
 */
export async function sendQueued(db: Db, clock: Clock, mailer: Mailer, limit = 25): Promise<SendReport> {
  const report: SendReport = { sent: 0, retried: 0, failed: 0, dropped: 0 };
  const now = clock.now();
  const lease = new Date(now.getTime() + LEASE_MS);
  const claimed = await rowsOf<{ id: number }>(
    db,
    sql`
    update ${emailOutbox} set next_attempt_at = ${lease.toISOString()}::timestamptz, attempts = attempts + 1
    where id in (
      select id from ${emailOutbox}
      where state = 'queued' and next_attempt_at <= ${now.toISOString()}::timestamptz
      order by id limit ${limit} for update skip locked
    )
    returning id`,
  );
  if (claimed.length === 0) return report;
  const rows = await db
    .select()
    .from(emailOutbox)
    .where(
      inArray(
        emailOutbox.id,
        claimed.map((c) => c.id),
      ),
    )
    .orderBy(emailOutbox.id);
  const preferences = await preferencesOf(db, [...new Set(rows.flatMap((r) => (r.userId === null ? [] : [r.userId])))]);
  for (const row of rows) {
    const mine = and(eq(emailOutbox.id, row.id), eq(emailOutbox.state, 'queued'), lte(emailOutbox.attempts, row.attempts));
    if (row.userId !== null && row.kind !== 'alert' && preferences.get(row.userId)?.off.includes(row.kind)) {
      await db.update(emailOutbox).set({ state: 'dropped', lastError: 'turned off by the member' }).where(mine);
      report.dropped++;
      continue;
    }
    try {
      await mailer.send({
        to: row.toEmail,
        subject: row.subject,
        text: row.body,
        // RFC 8058: mail clients show their own unsubscribe button, which POSTs to the same signed link (an operator's alert has none).
        headers: row.unsubscribeUrl ? { 'List-Unsubscribe': `<${row.unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : undefined,
      });
      await db.update(emailOutbox).set({ state: 'sent', sentAt: clock.now(), lastError: null }).where(mine);
      report.sent++;
    } catch (error) {
      const lastError = String((error as Error).message ?? error).slice(0, 500);
      if (row.attempts >= MAX_ATTEMPTS) {
        await db.update(emailOutbox).set({ state: 'failed', lastError }).where(mine);
        report.failed++;
      } else {
        await db
          .update(emailOutbox)
          .set({ nextAttemptAt: new Date(now.getTime() + retryDelayMs(row.attempts)), lastError })
          .where(mine);
        report.retried++;
      }
    }
  }
  return report;
}
