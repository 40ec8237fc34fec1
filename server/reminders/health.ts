import { and, count, desc, eq, isNotNull, max } from 'drizzle-orm';
import type { Db } from '../db/client';
import { emailOutbox } from './tables';

/** How the reminder emails go (the console's health screen): waiting, given up, the last error and the last sent. */
export async function outboxHealth(db: Db) {
  const states = await db.select({ state: emailOutbox.state, n: count() }).from(emailOutbox).groupBy(emailOutbox.state);
  const [lastError] = await db.select({ error: emailOutbox.lastError }).from(emailOutbox).where(isNotNull(emailOutbox.lastError)).orderBy(desc(emailOutbox.nextAttemptAt)).limit(1);
  const [sent] = await db.select({ at: max(emailOutbox.sentAt) }).from(emailOutbox).where(eq(emailOutbox.state, 'sent'));
  const of = (state: string) => states.find((s) => s.state === state)?.n ?? 0;
  return { queued: of('queued'), failed: of('failed'), lastError: lastError?.error ?? null, lastSentAt: sent?.at ?? null };
}

/** Queued emails whose last try failed (SMTP refusing or unreachable): the alerts' "SMTP down" condition. */
export async function failingSends(db: Db): Promise<{ count: number; lastError: string | null }> {
  const rows = await db.select({ error: emailOutbox.lastError }).from(emailOutbox)
    .where(and(eq(emailOutbox.state, 'queued'), isNotNull(emailOutbox.lastError))).orderBy(desc(emailOutbox.id));
  return { count: rows.length, lastError: rows[0]?.error ?? null };
}
