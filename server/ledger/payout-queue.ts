import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { withdrawals } from './tables';

export type PayoutQueue = { waiting: number; flagged: number; oldestWaitingAt: Date | null };

/**
 * The payout queue in one statement (the console's health screen, the metrics): of the approved withdrawals not yet
 * paid, those waiting for the payout job, the approval time of the oldest of them, and those flagged for the
 * operator (the job skips them: payouts.ts).
 */
export async function payoutQueue(db: Queryable): Promise<PayoutQueue> {
  const [row] = await db
    .select({
      waiting: sql<number>`(count(*) filter (where ${withdrawals.payoutProblem} is null))::int`,
      oldest: sql<Date | string | null>`min(${withdrawals.reviewedAt}) filter (where ${withdrawals.payoutProblem} is null)`,
      flagged: count(withdrawals.payoutProblem),
    })
    .from(withdrawals)
    .where(and(eq(withdrawals.status, 'audit-successful'), isNull(withdrawals.paidAt)));
  return { waiting: row?.waiting ?? 0, flagged: row?.flagged ?? 0, oldestWaitingAt: row?.oldest ? new Date(row.oldest) : null };
}
