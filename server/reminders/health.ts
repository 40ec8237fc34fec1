import { and, count, desc, eq, inArray, isNotNull, max } from 'drizzle-orm';
import type { Db } from '../db/client';
import { emailOutbox } from './tables';

/** The reminder emails waiting to be sent and given up on (the console's health screen, the metrics). */
export async function outboxCounts(db: Db): Promise<{ queued: number; failed: number }> {
  const states = await db
    .select({ state: emailOutbox.state, n: count() })
    .from(emailOutbox)
    .where(inArray(emailOutbox.state, ['queued', 'failed']))
    .groupBy(emailOutbox.state);
  const of = (state: string) => states.find((s) => s.state === state)?.n ?? 0;
  return { queued: of('queued'), failed: of('failed') };
}

/** How the reminder emails go (the console's health screen): waiting, given up, the last error and the last sent. */
export async function outboxHealth(db: Db) {
  const counts = await outboxCounts(db);
  const [lastError] = await db
    .select({ error: emailOutbox.lastError })
    .from(emailOutbox)
    .where(isNotNull(emailOutbox.lastError))
    .orderBy(desc(emailOutbox.nextAttemptAt))
    .limit(1);
  const [sent] = await db
    .select({ at: max(emailOutbox.sentAt) })
    .from(emailOutbox)
    .where(eq(emailOutbox.state, 'sent'));
  return { ...counts, lastError: lastError?.error ?? null, lastSentAt: sent?.at ?? null };
}

/** Queued emails whose last try failed (SMTP refusing or unreachable): the alerts' "SMTP down" condition. */
export async function failingSends(db: Db): Promise<{ count: number; lastError: string | null }> {
  const rows = await db
    .select({ error: emailOutbox.lastError })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.state, 'queued'), isNotNull(emailOutbox.lastError)))
    .orderBy(desc(emailOutbox.id));
  return { count: rows.length, lastError: rows[0]?.error ?? null };
}
