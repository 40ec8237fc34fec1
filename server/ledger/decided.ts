import { and, eq, gt, isNotNull, lte } from 'drizzle-orm';
import type { Db } from '../db/client';
import { withdrawals } from './tables';

export type DecidedWithdrawal = { id: number; userId: number; amount: bigint; outcome: 'paid' | 'rejected'; txHash: string; reason: string; at: Date };

/** Withdrawals paid on chain (with the payout's hash) or rejected (with the reason) in (from, to]: for the reminder emails. */
export async function withdrawalsDecidedBetween(db: Db, from: Date, to: Date): Promise<DecidedWithdrawal[]> {
  const columns = {
    id: withdrawals.id,
    userId: withdrawals.userId,
    amount: withdrawals.amount,
    txHash: withdrawals.payoutTxHash,
    reason: withdrawals.reason,
    paidAt: withdrawals.paidAt,
    reviewedAt: withdrawals.reviewedAt,
  };
  const paid = await db
    .select(columns)
    .from(withdrawals)
    .where(and(isNotNull(withdrawals.paidAt), isNotNull(withdrawals.userId), gt(withdrawals.paidAt, from), lte(withdrawals.paidAt, to)));
  const rejected = await db
    .select(columns)
    .from(withdrawals)
    .where(and(eq(withdrawals.status, 'audit-failed'), isNotNull(withdrawals.userId), gt(withdrawals.reviewedAt, from), lte(withdrawals.reviewedAt, to)));
  return [
    ...paid.map((w) => ({ id: w.id, userId: w.userId!, amount: w.amount, outcome: 'paid' as const, txHash: w.txHash ?? '', reason: '', at: w.paidAt! })),
    ...rejected.map((w) => ({ id: w.id, userId: w.userId!, amount: w.amount, outcome: 'rejected' as const, txHash: '', reason: w.reason, at: w.reviewedAt! })),
  ];
}
