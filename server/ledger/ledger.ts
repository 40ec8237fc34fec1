import { eq, sql } from 'drizzle-orm';
import { type Db, type Queryable, type Tx, rowsOf } from '../db/client';
import { balances, dividends, ledgerEntries } from './tables';
import { AppError } from '../errors';

export type EntryType =
  'deposit' | 'stake' | 'upgrade' | 'redemption' | 'withdraw' | 'withdraw-refund' | 'transfer-out' | 'transfer-in' | 'reward-direct' | 'reward-team';
export type Movement = { userId: number; type: EntryType; amount: bigint; key: string; stakeId?: number; depositId?: number };

/**
 * Moves money for one user inside the caller's transaction: the entry (unique idempotency key) and the
 * balance change together, in one statement. Returns false when the key was already applied (nothing
 * changes). A debit larger than the balance fails with 'insufficientBalance'; the database's CHECK backs this up.
 */
export async function post(tx: Tx, m: Movement): Promise<boolean> {
  if (m.amount === 0n) return true;
  const amount = sql`${m.amount.toString()}::numeric`;
  // The balance moves only if the entry went in. ON CONFLICT DO UPDATE row-locks the balance and tests the
  // latest committed amount, so concurrent debits serialise and none can overdraw; a debit of a user without
  // a balance row inserts nothing (their balance is 0). The row proposed for insert is never negative: PostgreSQL
  // checks CHECK constraints on it before it looks for the conflict.
  const [result] = await rowsOf<{ applied: number; moved: number }>(
    tx,
    sql`
    with entry as (
      insert into ${ledgerEntries} (user_id, type, amount, idempotency_key, stake_id, deposit_id)
      values (${m.userId}, ${m.type}, ${amount}, ${m.key}, ${m.stakeId ?? null}, ${m.depositId ?? null})
      on conflict (idempotency_key) where idempotency_key is not null do nothing
      returning id
    ), moved as (
      insert into ${balances} (user_id, amount)
      select ${m.userId}, greatest(${amount}, 0) from entry
      where ${amount} >= 0 or exists (select 1 from ${balances} where user_id = ${m.userId})
      on conflict (user_id) do update set amount = ${balances}.amount + ${amount}
      where ${balances}.amount + ${amount} >= 0
      returning 1
    )
    select (select count(*) from entry)::int as applied, (select count(*) from moved)::int as moved`,
  );
  if (!result || result.applied === 0) return false;
  if (result.moved === 0) throw new AppError('insufficientBalance');
  return true;
}

export async function balanceOf(db: Queryable, userId: number): Promise<bigint> {
  const [row] = await db.select({ amount: balances.amount }).from(balances).where(eq(balances.userId, userId)).limit(1);
  return row?.amount ?? 0n;
}

/**
 * Users whose balance differs from the sum of their movements (must always be none): their ledger entries and the
 * dividends they are the source of (each dividends row is the staker's ledger row for it, migration 0021).
 */
export async function ledgerMismatches(db: Db): Promise<{ userId: number; balance: string; entries: string }[]> {
  return rowsOf<{ userId: number; balance: string; entries: string }>(
    db,
    sql`
    with moved as (
      select user_id, sum(total) as total from (
        select user_id, sum(amount) as total from ${ledgerEntries} group by user_id
        union all
        select source_user_id, sum(amount) from ${dividends} group by source_user_id) m
      group by user_id
    )
    select b.user_id as "userId", b.amount::text as balance, coalesce(e.total, 0)::text as entries
    from ${balances} b left join moved e on e.user_id = b.user_id
    where b.amount <> coalesce(e.total, 0)
    union all
    select e.user_id, '0', e.total::text from moved e
    where not exists (select 1 from ${balances} b where b.user_id = e.user_id)`,
  );
}
