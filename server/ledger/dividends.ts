import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { dividends } from './tables';

/** What each of these stakes has been paid in dividends (its dividends rows, the ledger's record of them). */
export async function paidByStake(db: Db, ids: number[]): Promise<Map<number, bigint>> {
  if (ids.length === 0) return new Map<number, bigint>();
  const rows = await db
    .select({ stakeId: dividends.stakeId, paid: sql<string>`sum(${dividends.amount})::text` })
    .from(dividends)
    .where(inArray(dividends.stakeId, ids))
    .groupBy(dividends.stakeId);
  return new Map(rows.map((r) => [r.stakeId, BigInt(r.paid)]));
}
