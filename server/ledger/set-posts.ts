import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import { type Tx, rowsOf } from '../db/client';
import { balances, ledgerEntries } from './tables';
import type { EntryType } from './ledger';

/**
 * Set-based posts, for statements that move money for many members, or open a row and move its money, at once
 * (the daily job's dividends and rewards, a stake's debit): post() is one member and one round trip per movement.
 * Each function returns common table expressions for the caller's own statement, so the caller keeps its single
 * round trip and its transaction, and this file stays the only one that writes `balances` and `ledger_entries`
 * outside ledger.ts. Each writes an entry and its balance change together, never one without the other.
 * These entries carry no idempotency key: the caller's own row (a dividend's (stake, day), a new stake) is the guard.
 */

/**
 * `<name>_entries` and `<name>_credits`: one ledger entry per row of `movements` (a relation named earlier in the
 * statement with columns user_id, type, amount, stake_id, at; amounts ≥ 0, zero rows skipped) and each member's
 * balance credited by the sum of their rows. Every member credited must hold a balance row (registration opens one:
 * deposits.onRegistered). The balances are updated in member order, summed from the entries sorted by member: a
 * hash table of a million numeric sums took some 490 MB and longer than the sort (the sorted input makes the
 * aggregate stream).
 */
export function creditsFrom(movements: string, name = 'posted'): SQL {
  const source = sql.raw(movements);
  const entries = sql.raw(`${name}_entries`);
  const credits = sql.raw(`${name}_credits`);
  return sql`${entries} as (
      insert into ${ledgerEntries} (user_id, type, amount, stake_id, created_at)
      select user_id, type, amount, stake_id, at from ${source} where amount > 0
      returning user_id, amount
    ), ${credits} as (
      update ${balances} b set amount = b.amount + x.total
      from (select user_id, sum(amount) as total from (select * from ${entries} order by user_id) e group by user_id) x
      where b.user_id = x.user_id
      returning b.user_id
    )`;
}

/**
 * `<name>_debited` and `<name>_entries`: the member's balance debited by `amount` only if it covers it (the row
 * lock serialises concurrent debits, and each rechecks the amount the one before left), and the entry written
 * only if the debit was. `source` is a relation of at most one row; `<name>_debited` returns its columns, so the
 * caller's next expression goes on only if the money moved. `stakeId` is an expression over the source's columns.
 */
export function debitIfCovered(p: { source: string; userId: SQL | Placeholder; amount: string; type: EntryType; stakeId: string; name?: string }): SQL {
  const source = sql.raw(p.source);
  const amount = sql.raw(`s.${p.amount}`);
  const stakeId = sql.raw(`${p.stakeId}`);
  const debited = sql.raw(`${p.name ?? 'posted'}_debited`);
  const entries = sql.raw(`${p.name ?? 'posted'}_entries`);
  return sql`${debited} as (
      update ${balances} b set amount = b.amount - ${amount} from ${source} s
      where b.user_id = ${p.userId} and b.amount >= ${amount}
      returning s.*
    ), ${entries} as (
      insert into ${ledgerEntries} (user_id, type, amount, stake_id)
      select ${p.userId}, ${p.type}, -${sql.raw(p.amount)}, ${stakeId} from ${debited}
    )`;
}

/** How many members hold a balance, as the planner estimates it (no scan): the size a bulk statement plans for. */
export async function estimatedMembersWithBalance(tx: Tx): Promise<number> {
  const [row] = await rowsOf<{ members: number }>(tx, sql`
    select greatest((select reltuples from pg_class where oid = ${'balances'}::regclass), 0)::float8 as members`);
  return row?.members ?? 0;
}
