import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../server/db/client';

/**
 * Moves stakes back in time by `interval` (a PostgreSQL interval such as '3 days 1 hour'): their start, end and
 * next due time (stake_dues), so the daily job finds the days since due. All stakes, or those `where` selects.
 */
export async function backdateStakes(db: Database['db'], interval: string, where: SQL = sql`true`): Promise<void> {
  const by = sql`${interval}::interval`;
  await db.transaction(async (tx) => {
    await tx.execute(sql`update stake_dues q set due_at = q.due_at - ${by} from stakes s where s.id = q.stake_id and ${where}`);
    await tx.execute(sql`update stakes s set started_at = started_at - ${by}, ends_at = ends_at - ${by} where ${where}`);
  });
}

/** How many stakes have fewer than `days` dividends paid (stake_dues, or every day once expired). */
export const stakesPaidBelow = (days: number) => sql`
  select count(*)::int as n from stakes s left join stake_dues q on q.stake_id = s.id
  where coalesce(q.paid_days, s.days) < ${days}`;
