import { and, eq } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Queryable, Tx } from '../db/client';
import { withdrawals } from './tables';

export type Withdrawal = typeof withdrawals.$inferSelect;

/**
 * The withdrawal `id`, locked for the caller's transaction (FOR UPDATE): an approval that needs more than
 * the status change (the console's signed, two-person approval: server/operators/approvals.ts) decides under
 * this lock, so two operators approving at once are serialised and the second sees the first's outcome.
 */
export async function lockWithdrawal(tx: Tx, id: number): Promise<Withdrawal | undefined> {
  const [row] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id)).for('update');
  return row;
}

/** Under the caller's lock (lockWithdrawal): 'audit-successful' when still under review; the payout job then pays it on chain, once. */
export async function markApproved(tx: Tx, clock: Clock, id: number): Promise<boolean> {
  const rows = await tx
    .update(withdrawals)
    .set({ status: 'audit-successful', reviewedAt: clock.now() })
    .where(and(eq(withdrawals.id, id), eq(withdrawals.status, 'under-review')))
    .returning({ id: withdrawals.id });
  return rows.length === 1;
}

/** One withdrawal, unlocked (the approval text). */
export async function findWithdrawal(db: Queryable, id: number): Promise<Withdrawal | undefined> {
  const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, id)).limit(1);
  return row;
}
