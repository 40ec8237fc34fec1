import { type Column, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { type Tx, rowsOf } from '../db/client';
import { balances, dividends, ledgerEntries } from './tables';
import type { EntryType } from './ledger';

/**
 * Set-based posts, for statements that move money for many members, or open a row and move its money, at once
 * (the daily job's dividends and rewards, a stake's debit): post() is one member and one round trip per movement.
 * Each function returns common table expressions for the caller's own statement, so the caller keeps its single
 * round trip and its transaction, and this file stays the only one that writes `balances`, `ledger_entries` and
 * `dividends` (a dividend's ledger row) outside ledger.ts. Each writes a ledger row and its balance change together,
 * never one without the other. The entries carry no idempotency key: a dividend's key (stake, day), or the caller's
 * own row (a new stake) is the guard.
 */

/** A list of columns by their SQL names, taken from the tables' definitions: a renamed column fails the build, not the statement. */
const names = (...columns: { name: string }[]) => columns.map((column) => column.name).join(', ');
/** `names` as raw SQL, for a statement's column lists. */
const list = (...columns: { name: string }[]) => sql.raw(names(...columns));

const d = dividends;
/** The columns of a `dividends` row, as the relation given to `dividendsFrom` names them. */
const DIVIDEND_COLUMNS = names(
  d.stakeId,
  d.day,
  d.amount,
  d.sourceUserId,
  d.principal,
  d.scale,
  d.paidAt,
  d.g1Id,
  d.g1Rate,
  d.g1Bonus,
  d.g1Direct,
  d.g1Team,
  d.g2Id,
  d.g2Rate,
  d.g2Bonus,
  d.g2Team,
  d.g3Id,
  d.g3Rate,
  d.g3Bonus,
  d.g3Team,
);
/** What `dividendsFrom` returns of each row: the staker's credit and the three generations' rewards. */
const DIVIDEND_RETURNED = names(d.stakeId, d.amount, d.sourceUserId, d.g1Id, d.g1Direct, d.g1Team, d.g2Id, d.g2Team, d.g3Id, d.g3Team);
const e = ledgerEntries;
/** The columns of a movement (see `creditsFrom`): a ledger entry's, by the names `ledger_entries` gives them. */
const MOVEMENT_COLUMNS = [e.userId, e.type, e.amount, e.stakeId, e.createdAt] as const;

/**
 * `<name>`: one `dividends` row per row of `source` (a relation named earlier in the statement with the columns of
 * DIVIDEND_COLUMNS), returning stake_id, amount, source_user_id and the three generations' ids and amounts. Each row
 * is the staker's ledger row for that dividend (no `ledger_entries` row): `creditsFrom` credits it in the same
 * statement. No "on conflict do nothing": a (stake, day) paid already (which would be a bug) fails the statement on
 * the dividends key instead of being skipped; a speculative insert per row also cost as much again as the insert.
 */
export function dividendsFrom(source: string, name = 'paid'): SQL {
  const columns = sql.raw(DIVIDEND_COLUMNS);
  return sql`${sql.raw(name)} as (
      insert into ${dividends} (${columns})
      select ${columns} from ${sql.raw(source)}
      returning ${sql.raw(DIVIDEND_RETURNED)}
    )`;
}

/**
 * `<name>_entries` and `<name>_credits`: one ledger entry per row of `movements` (a relation named earlier in the
 * statement with the columns of MOVEMENT_COLUMNS: user_id, type, amount, stake_id, created_at; amounts ≥ 0, zero rows skipped) and each member's
 * balance credited by the sum of their entries and of the `dividends` rows (named by `dividendsFrom`) they are the
 * source of. Every member credited must hold a balance row (registration opens one: deposits.onRegistered). Each
 * member's credit is summed from the rows sorted by member, so the aggregate streams instead of holding a hash table
 * of a million numeric sums (docs/decisions.md, "a member's own stake for the ranks"). The balance rows are locked in member order
 * (FOR UPDATE after the ORDER BY) before any is updated: the update itself reaches them in whatever order its join
 * takes (the table's, for a hash join), and a transfer, which locks its two balances in member order
 * (ledger/transfers.ts), could then hold the lower one while the run held the higher: a deadlock, and PostgreSQL
 * aborted one of them (races.test.ts: 'the daily job credits balances in member order').
 */
export function creditsFrom(p: { movements: string; dividends: string; name?: string }): SQL {
  const source = sql.raw(p.movements);
  const paid = sql.raw(p.dividends);
  const entries = sql.raw(`${p.name ?? 'posted'}_entries`);
  const credits = sql.raw(`${p.name ?? 'posted'}_credits`);
  const movement = list(...MOVEMENT_COLUMNS);
  return sql`${entries} as (
      insert into ${ledgerEntries} (${movement})
      select ${movement} from ${source} where ${list(e.amount)} > 0
      returning ${list(e.userId, e.amount)}
    ), ${credits} as (
      update ${balances} b set amount = b.amount + x.total
      from (
        select c.user_id, c.total
        from ${balances} l
        join (
          select user_id, sum(amount) as total from (
            select * from (select ${list(e.userId, e.amount)} from ${entries} union all select ${list(d.sourceUserId, d.amount)} from ${paid} where ${list(d.amount)} > 0) m
            order by user_id) e
          group by user_id) c on c.user_id = l.user_id
        order by c.user_id
        for update of l) x
      where b.user_id = x.user_id
      returning b.user_id
    )`;
}

/**
 * `<name>_debited` and `<name>_entries`: the member's balance debited by `amount` only if it covers it (the row
 * lock serialises concurrent debits, and each rechecks the amount the one before left), and the entry written
 * only if the debit was. `source` is a relation of at most one row; `<name>_debited` returns its columns, so the
 * caller's next expression goes on only if the money moved. `amount` is the column of `source` that holds the amount
 * (as its table names it); the entry's stake is the source's column named as the ledger's (`stake_id`).
 */
export function debitIfCovered(p: { source: string; userId: SQL | Placeholder; amount: Column; type: EntryType; name?: string }): SQL {
  const source = sql.raw(p.source);
  const amount = sql.raw(`s.${p.amount.name}`);
  const stakeId = list(e.stakeId);
  const debited = sql.raw(`${p.name ?? 'posted'}_debited`);
  const entries = sql.raw(`${p.name ?? 'posted'}_entries`);
  return sql`${debited} as (
      update ${balances} b set amount = b.amount - ${amount} from ${source} s
      where b.user_id = ${p.userId} and b.amount >= ${amount}
      returning s.*
    ), ${entries} as (
      insert into ${ledgerEntries} (${list(e.userId, e.type, e.amount, e.stakeId)})
      select ${p.userId}, ${p.type}, -${list(p.amount)}, ${stakeId} from ${debited}
    )`;
}

/** How many members hold a balance, as the planner estimates it (no scan): the size a bulk statement plans for. */
export async function estimatedMembersWithBalance(tx: Tx): Promise<number> {
  const [row] = await rowsOf<{ members: number }>(
    tx,
    sql`
    select greatest((select reltuples from pg_class where oid = ${'balances'}::regclass), 0)::float8 as members`,
  );
  return row?.members ?? 0;
}
