import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Address } from 'viem';
import { SYSTEM_REASONS } from '../../lib/api/reasons';
import type { Clock } from '../clock';
import type { Db, Tx } from '../db/client';
import { withdrawals } from './tables';
import { AppError } from '../errors';
import { findUser } from '../users/registry';
import { post } from './ledger';
import { minimumFor } from './limits';

export type WithdrawEvent = { txHash: string; logIndex: number; requestId: bigint; address: Address; amount: bigint; fee: bigint; blockNumber: number };

/**
 * Records a WithdrawRequested event once per (tx hash, log index), with the Vault's request id (what the payout
 * job pays by): the amount is held (debited) and the
 * withdrawal waits for an operator; a requester without the balance gets 'failed-insufficient' and nothing
 * moves. Runs in the indexer's transaction.
 */
export async function recordWithdrawRequest(tx: Tx, event: WithdrawEvent, clock: Clock): Promise<void> {
  const user = await findUser(tx, event.address);
  const [row] = await tx
    .insert(withdrawals)
    .values({ ...event, userId: user?.id ?? null, status: 'under-review', createdAt: clock.now() })
    .onConflictDoNothing({ target: [withdrawals.txHash, withdrawals.logIndex] })
    .returning({ id: withdrawals.id });
  if (!row) return;
  const refuse = (reason: string) => tx.update(withdrawals).set({ status: 'failed-insufficient', reason }).where(eq(withdrawals.id, row.id));
  if (!user) return void (await refuse(SYSTEM_REASONS.notMember));
  if (event.amount < (await minimumFor(tx, 'withdraw'))) return void (await refuse(SYSTEM_REASONS.belowMinimum));
  try {
    // A savepoint: a refused debit rolls back its own ledger entry, not the whole indexed batch.
    await tx.transaction((sp) => post(sp, { userId: user.id, type: 'withdraw', amount: -event.amount, key: `withdraw:${row.id}` }));
  } catch (error) {
    if (!(error instanceof AppError && error.key === 'insufficientBalance')) throw error;
    await refuse(SYSTEM_REASONS.insufficient);
  }
}

/** Operators: the withdrawals waiting for an audit, oldest first. */
export const pendingWithdrawals = (db: Db) => db.select().from(withdrawals).where(eq(withdrawals.status, 'under-review')).orderBy(asc(withdrawals.id));

/** Operators: withdrawals the payout job set aside (`payoutProblem`: e.g. the Vault paid the request other than owed), oldest first. */
export const flaggedWithdrawals = (db: Db) => db.select().from(withdrawals).where(isNotNull(withdrawals.payoutProblem)).orderBy(asc(withdrawals.id));

async function lockUnderReview(tx: Tx, id: number) {
  const [row] = await tx
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.id, id), eq(withdrawals.status, 'under-review')))
    .for('update');
  if (!row) throw new Error(`withdrawal ${id} is not under review`);
  return row;
}

/** Approve: 'audit-successful'; the payout job then pays it on chain. */
export async function approveWithdrawal(db: Db, clock: Clock, id: number) {
  return db.transaction(async (tx) => {
    await lockUnderReview(tx, id);
    await tx.update(withdrawals).set({ status: 'audit-successful', reviewedAt: clock.now() }).where(eq(withdrawals.id, id));
    return { id, status: 'audit-successful' };
  });
}

/** Reject with a reason: 'audit-failed', and the held amount returns to the balance, once. */
export async function rejectWithdrawal(db: Db, clock: Clock, id: number, reason: string) {
  return db.transaction(async (tx) => {
    const row = await lockUnderReview(tx, id);
    await tx.update(withdrawals).set({ status: 'audit-failed', reason, reviewedAt: clock.now() }).where(eq(withdrawals.id, id));
    if (row.userId) await post(tx, { userId: row.userId, type: 'withdraw-refund', amount: row.amount, key: `withdraw-refund:${id}` });
    return { id, status: 'audit-failed', reason };
  });
}
