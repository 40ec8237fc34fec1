import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../server/db/client';

/**
 * Moves stakes back in time by `interval` (a PostgreSQL interval such as '3 days 1 hour'): their start and end, so
 * the daily job finds the days since due. All stakes, or those `where` selects. Only stakes no job run has covered
 * yet (above the last run's watermark, job_runs.paid_stakes): a covered stake's days up to that run count as paid,
 * so moving its start back would make days the job never pays (the test fails here instead).
 */
export async function backdateStakes(db: Database['db'], interval: string, where: SQL = sql`true`): Promise<void> {
  const by = sql`${interval}::interval`;
  await db.transaction(async (tx) => {
    const covered = (await tx.execute(sql`
      select s.id from stakes s
      where ${where} and s.id <= coalesce((select paid_stakes from job_runs where paid_through is not null order by id desc limit 1), 0)
      limit 1`)) as unknown as { rows: unknown[] };
    if (covered.rows.length > 0) throw new Error('backdateStakes: a job run already covered these stakes; backdate them before the job sees them');
    await tx.execute(sql`update stakes s set started_at = started_at - ${by}, ends_at = ends_at - ${by} where ${where}`);
  });
}

/** How many stakes have fewer than `days` dividends paid (counted in the dividends, one row per paid day). */
export const stakesPaidBelow = (days: number) => sql`
  select count(*)::int as n from stakes s
  where (select count(*) from dividends d where d.stake_id = s.id) < ${days}`;
