import { inArray, sql } from 'drizzle-orm';
import type { Hex } from 'viem';
import { type Db, rowsOf } from '../../server/db/client';
import { transfers, withdrawals } from '../../server/ledger/tables';
import { stakes } from '../../server/staking/tables';

/**
 * What the database holds of the stakes the API acknowledged (`acknowledged`: their pledge ids) and of those whose
 * reply was lost but whose challenge was spent (`committedUnacknowledged`: each made one stake the caller never
 * learned the id of). Every stake row is one of the two, and each has exactly one debit, or it counts as duplicated.
 */
export async function tallyStakes(db: Db, acknowledged: number[], committedUnacknowledged: number) {
  const rows = await db.select({ id: stakes.id }).from(stakes);
  const ids = new Set(rows.map((r) => r.id));
  const [debits] = await rowsOf<{ twice: number; missing: number }>(
    db,
    sql`
    select (select count(*) from (select stake_id from ledger_entries where type = 'stake' group by stake_id having count(*) > 1) d)::int as twice,
           (select count(*) from ${stakes} s where not exists (select 1 from ledger_entries e where e.type = 'stake' and e.stake_id = s.id))::int as missing`,
  );
  return {
    found: acknowledged.filter((id) => ids.has(id)).length,
    duplicated: rows.length - acknowledged.length - committedUnacknowledged + debits!.twice,
    withoutDebit: debits!.missing,
  };
}

/** The Vault requests of `hashes` the indexer recorded (withdrawals and transfers by transaction hash), once each or more. */
export async function recordedRequests(db: Db, hashes: Hex[]): Promise<{ found: number; duplicated: number }> {
  const rows = [
    ...(await db.select({ hash: withdrawals.txHash }).from(withdrawals).where(inArray(withdrawals.txHash, hashes))),
    ...(await db.select({ hash: transfers.txHash }).from(transfers).where(inArray(transfers.txHash, hashes))),
  ];
  const found = new Set(rows.map((r) => r.hash)).size;
  return { found, duplicated: rows.length - found };
}
