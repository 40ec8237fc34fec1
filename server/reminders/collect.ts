import { eq, sql } from 'drizzle-orm';
import type { ReminderKind } from '../../lib/email';
import type { ApiLanguage } from '../../lib/i18n';
import { formatAmount } from '../../lib/money';
import { formatUtcMinute } from '../../lib/time';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { type MessageKey, translate } from '../i18n';
import { applicationsDecidedBetween } from '../community/applications';
import { withdrawalsDecidedBetween } from '../ledger/decided';
import { repliesBetween } from '../mail/mail';
import { REDEEM_WINDOW_MS } from '../staking/math';
import { openStakesEndingBetween } from '../staking/ends';
import { emailsOf } from '../users/registry';
import { type ReminderLinks, linkKey, unsubscribeUrl } from './links';
import { type Reminder, enqueue } from './outbox';
import { preferencesOf } from './preferences';
import { reminderState } from './tables';

/** The last reminder of a stake goes this long before its redemption window closes (and it auto-renews). */
export const LAST_CALL_MS = 4 * 3600_000;
/**
 * Each source is read again from this long before its cursor: an event whose transaction committed late (its
 * time stamped before another server's run read past it) is still found; the outbox's unique key makes the
 * second sight a no-op.
 */
const OVERLAP_MS = 3600_000;

/** An event found in a source: whom it concerns, its unique key, and its email's wording. */
type Found = { userId: number; eventKey: string; kind: ReminderKind; subject: MessageKey; body: MessageKey; params: Record<string, string> };

const wld = (amount: bigint) => formatAmount(amount);

/** Where each kind of event comes from: the domain that owns it, read for a time range. */
const SOURCES: { name: string; find: (db: Db, from: Date, to: Date, app: string) => Promise<Found[]> }[] = [
  {
    name: 'stake-ended',
    find: async (db, from, to, app) =>
      (await openStakesEndingBetween(db, from, to)).map((s) => ({
        userId: s.userId,
        eventKey: `stake-ended:${s.id}`,
        kind: 'stake',
        subject: 'remindStakeEndedSubject',
        body: 'remindStakeEndedBody',
        params: {
          id: String(s.id),
          amount: wld(s.amount),
          endsAt: formatUtcMinute(s.endsAt),
          renewsAt: formatUtcMinute(new Date(s.endsAt.getTime() + REDEEM_WINDOW_MS)),
          link: `${app}/#/pledge/record`,
        },
      })),
  },
  {
    name: 'stake-last-call',
    find: async (db, from, to, app) =>
      (await openStakesEndingBetween(db, from, to, REDEEM_WINDOW_MS - LAST_CALL_MS)).map((s) => ({
        userId: s.userId,
        eventKey: `stake-last:${s.id}`,
        kind: 'stake',
        subject: 'remindStakeLastSubject',
        body: 'remindStakeLastBody',
        params: {
          id: String(s.id),
          amount: wld(s.amount),
          renewsAt: formatUtcMinute(new Date(s.endsAt.getTime() + REDEEM_WINDOW_MS)),
          link: `${app}/#/pledge/record`,
        },
      })),
  },
  {
    name: 'withdrawal',
    find: async (db, from, to, app) =>
      (await withdrawalsDecidedBetween(db, from, to)).map((w) => ({
        userId: w.userId,
        eventKey: `withdrawal:${w.id}`,
        kind: 'withdrawal',
        subject: w.outcome === 'paid' ? 'remindWithdrawalPaidSubject' : 'remindWithdrawalRejectedSubject',
        body: w.outcome === 'paid' ? 'remindWithdrawalPaidBody' : 'remindWithdrawalRejectedBody',
        params: { id: String(w.id), amount: wld(w.amount), tx: w.txHash, reason: w.reason, link: `${app}/#/wallet` },
      })),
  },
  {
    name: 'reply',
    find: async (db, from, to, app) =>
      (await repliesBetween(db, from, to)).map((m) => ({
        userId: m.userId,
        eventKey: `reply:${m.id}`,
        kind: 'reply',
        subject: 'remindReplySubject',
        body: 'remindReplyBody',
        params: { title: m.title, link: `${app}/#/email` },
      })),
  },
  {
    name: 'community',
    find: async (db, from, to, app) =>
      (await applicationsDecidedBetween(db, from, to))
        .filter((a) => a.status !== 'pending')
        .map((a) => ({
          userId: a.userId,
          eventKey: `community:${a.id}`,
          kind: 'community',
          subject: a.status === 'approved' ? 'remindCommunityApprovedSubject' : 'remindCommunityRejectedSubject',
          body: a.status === 'approved' ? 'remindCommunityApprovedBody' : 'remindCommunityRejectedBody',
          params: { id: String(a.id), reason: a.reason ?? '', link: `${app}/#/community` },
        })),
  },
];

/** A source's cursor: where the previous run read up to; the first run starts now (no mail about the past). */
async function cursorOf(db: Db, name: string, now: Date): Promise<Date> {
  await db.insert(reminderState).values({ name, at: now }).onConflictDoNothing();
  const [row] = await db.select({ at: reminderState.at }).from(reminderState).where(eq(reminderState.name, name));
  return row?.at ?? now;
}

/**
 * Finds the events since each source's cursor (stakes whose period ended or whose window closes in a few hours,
 * withdrawals paid or rejected, administrator replies, applications decided) through their domains' functions
 * and queues one email per event, in the member's language, for members with a bound email who did not turn the
 * kind off. Safe to rerun and to run on two servers at once: the outbox keeps one row per event.
 */
export async function collectReminders(db: Db, clock: Clock, links: ReminderLinks): Promise<number> {
  const now = clock.now();
  const key = await linkKey(db);
  let queued = 0;
  for (const source of SOURCES) {
    const since = await cursorOf(db, `cursor:${source.name}`, now);
    if (since >= now) continue;
    const found = await source.find(db, new Date(since.getTime() - OVERLAP_MS), now, links.app);
    const userIds = [...new Set(found.map((f) => f.userId))];
    const [emails, preferences] = await Promise.all([emailsOf(db, userIds), preferencesOf(db, userIds)]);
    const reminders: Reminder[] = [];
    for (const f of found) {
      const to = emails.get(f.userId);
      const pref = preferences.get(f.userId)!;
      // Without an email there is no one to tell; a kind turned off is recorded as dropped, so turning it back on
      // later never mails this event after all.
      if (to) reminders.push({ ...compose(f, to, pref.language, links, key), ...(pref.off.includes(f.kind) ? { state: 'dropped' as const } : {}) });
    }
    queued += await enqueue(db, clock, reminders);
    await db
      .update(reminderState)
      .set({ at: sql`greatest(${reminderState.at}, ${now.toISOString()}::timestamptz)` })
      .where(eq(reminderState.name, `cursor:${source.name}`));
  }
  return queued;
}

function compose(f: Found, to: string, language: ApiLanguage, links: ReminderLinks, key: Buffer): Reminder {
  const unsubscribe = unsubscribeUrl(links, key, f.userId, f.kind, language);
  const footer = translate('remindFooter', language, { unsubscribe, settings: `${links.app}/#/email/setting` });
  return {
    eventKey: f.eventKey,
    kind: f.kind,
    userId: f.userId,
    toEmail: to,
    language,
    subject: translate(f.subject, language, f.params),
    body: translate(f.body, language, f.params) + footer,
    unsubscribeUrl: unsubscribe,
  };
}
