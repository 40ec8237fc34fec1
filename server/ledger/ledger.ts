import { and, eq, gte, sql } from 'drizzle-orm';
import { type Db, type Queryable, type Tx, rowsOf } from '../db/client';
import { balances, ledgerEntries } from '../db/schema';
import { AppError } from '../errors';

export type EntryType =
  | 'deposit' | 'stake' | 'upgrade' | 'dividend' | 'redemption' | 'withdraw' | 'withdraw-refund' | 'transfer-out' | 'transfer-in'
  | 'reward-direct' | 'reward-team';
export type Movement = { userId: number; type: EntryType; amount: bigint; key: string; stakeId?: number; depositId?: number };

/**
 * Moves money for one user inside the caller's transaction: the entry (unique idempotency key) and the
 * balance change together. Returns false when the key was already applied (nothing changes). A debit
 * larger than the balance fails with 'insufficientBalance'; the database's CHECK backs this up.
 */
export async function post(tx: Tx, m: Movement): Promise<boolean> {
  if (m.amount === 0n) return true;
  const inserted = await tx
    .insert(ledgerEntries)
    .values({ userId: m.userId, type: m.type, amount: m.amount, idempotencyKey: m.key, stakeId: m.stakeId, depositId: m.depositId })
    .onConflictDoNothing({ target: ledgerEntries.idempotencyKey, where: sql`${ledgerEntries.idempotencyKey} is not null` })
    .returning({ id: ledgerEntries.id });
  if (inserted.length === 0) return false;
  await tx.insert(balances).values({ userId: m.userId, amount: 0n }).onConflictDoNothing();
  // One conditional UPDATE: row-locked, so concurrent debits serialise and none can overdraw.
  const updated = await tx
    .update(balances)
    .set({ amount: sql`${balances.amount} + ${m.amount.toString()}::numeric` })
    .where(and(eq(balances.userId, m.userId), gte(sql`${balances.amount} + ${m.amount.toString()}::numeric`, sql`0`)))
    .returning({ amount: balances.amount });
  if (updated.length === 0) throw new AppError('insufficientBalance');
  return true;
}

export async function balanceOf(db: Queryable, userId: number): Promise<bigint> {
  const [row] = await db.select({ amount: balances.amount }).from(balances).where(eq(balances.userId, userId)).limit(1);
  return row?.amount ?? 0n;
}

/** Users whose balance differs from the sum of their entries (must always be none). */
export async function ledgerMismatches(db: Db): Promise<{ userId: number; balance: string; entries: string }[]> {
  return rowsOf<{ userId: number; balance: string; entries: string }>(db, sql`
    select b.user_id as "userId", b.amount::text as balance, coalesce(e.total, 0)::text as entries
    from balances b
    left join (select user_id, sum(amount) as total from ledger_entries group by user_id) e on e.user_id = b.user_id
    where b.amount <> coalesce(e.total, 0)
    union all
    select e.user_id, '0', e.total::text from (select user_id, sum(amount) as total from ledger_entries group by user_id) e
    where not exists (select 1 from balances b where b.user_id = e.user_id)`);
}
