import { sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import { type Db, type Tx, rowsOf as rows } from '../db/client';
import { jobRuns } from '../db/schema';
import { payRewards, prepareRoundDividends } from '../rewards/pay';
import { recomputeRanks } from '../rewards/ranks';
import { ruleTimeline, rulesAt } from '../rewards/rules';

const JOB_LOCK = 731_001; // pg advisory lock id of the staking job
const MAX_ROUNDS = 1000; // renewals can chain when the clock jumps many periods at once

export type JobReport = { ran: boolean; ranks: number | null; dividends: number; rewards: number; expired: number; renewed: number };

/**
 * The daily job (it runs every JOB_INTERVAL_MS; each step does only what is due): once per UTC day it
 * recomputes the members' ranks; it pays every completed day's dividend and the referral rewards on it,
 * expires stakes whose period ended and renews those not redeemed within 24 hours. All in one transaction
 * under an advisory lock: another process running at the same time skips. Each (stake, day) is paid once
 * (paid_days, the dividends key and the ledger's idempotency key) and each reward once (its key), so a
 * re-run, or a run after a crash that rolled back, pays nothing twice.
 */
export async function runStakingJobs(db: Db, clock: Clock): Promise<JobReport> {
  const at = clock.now();
  const now = at.toISOString();
  return db.transaction(async (tx) => {
    const lock = await rows<{ ok: boolean }>(tx, sql`select pg_try_advisory_xact_lock(${JOB_LOCK}) as ok`);
    if (!lock[0]?.ok) return { ran: false, ranks: null, dividends: 0, rewards: 0, expired: 0, renewed: 0 };
    const report: JobReport = { ran: true, ranks: null, dividends: 0, rewards: 0, expired: 0, renewed: 0 };
    const timeline = await ruleTimeline(tx);
    const ranksDue = await ranksDueToday(tx, now);
    let runId: number | undefined;
    /** A run that computes ranks or pays is recorded (reward ledger entries name it); an idle one is not. */
    const recordRun = async () => {
      const [run] = await tx.insert(jobRuns).values({ ranAt: at, ranks: ranksDue }).returning({ id: jobRuns.id });
      if (!run) throw new Error('job run not recorded');
      return run.id;
    };
    if (ranksDue) {
      runId = await recordRun();
      report.ranks = await recomputeRanks(tx, rulesAt(timeline, at));
    }
    for (let round = 0; round < MAX_ROUNDS; round++) {
      await prepareRoundDividends(tx);
      const paid = await payDividends(tx, now);
      if (paid > 0) {
        runId ??= await recordRun();
        report.rewards += await payRewards(tx, { runId, round, now, timeline });
      }
      const expired = await expireStakes(tx, now);
      const renewed = await renewStakes(tx, now);
      report.dividends += paid;
      report.expired += expired;
      report.renewed += renewed;
      if (renewed === 0) break;
    }
    return report;
  });
}

/** Ranks are recomputed by the first run of each UTC day. */
async function ranksDueToday(tx: Tx, now: string): Promise<boolean> {
  const [last] = await rows<{ done: boolean }>(tx, sql`
    select exists (select 1 from job_runs where ranks and ran_at >= date_trunc('day', ${now}::timestamptz at time zone 'UTC') at time zone 'UTC'
                   and ran_at <= ${now}::timestamptz) as done`);
  return !last?.done;
}

/** Pays due dividends and records them in job_dividends for the rewards step. */
async function payDividends(tx: Tx, now: string): Promise<number> {
  const paid = await rows<{ n: number }>(tx, sql`
    with due as (
      select s.id as stake_id, s.user_id, d.day, t.amount as principal, t.scale,
             floor(t.amount * t.scale / 100) as amount
      from stakes s
      cross join lateral generate_series(
        s.paid_days,
        least(s.days, floor(extract(epoch from (${now}::timestamptz - s.started_at)) / 86400)::int) - 1
      ) as d(day)
      cross join lateral (
        select amount, scale from stake_terms st
        where st.stake_id = s.id and st.from_day <= d.day
        order by st.from_day desc limit 1
      ) t
      where s.status = 'active' and s.paid_days < s.days and s.started_at <= ${now}::timestamptz - interval '1 day'
    ), dividend_rows as (
      insert into dividends (stake_id, day, amount)
      select stake_id, day, amount from due
      on conflict do nothing
      returning stake_id, day, amount
    ), entries as (
      insert into ledger_entries (user_id, type, amount, stake_id, idempotency_key)
      select s.user_id, 'dividend', r.amount, r.stake_id, 'dividend:' || r.stake_id || ':' || r.day
      from dividend_rows r join stakes s on s.id = r.stake_id
      where r.amount > 0
      on conflict (idempotency_key) do nothing
      returning user_id, amount
    ), credited as (
      update balances b set amount = b.amount + x.total
      from (select user_id, sum(amount) as total from entries group by user_id) x
      where b.user_id = x.user_id
      returning b.user_id
    ), advanced as (
      update stakes s set paid_days = x.last_day + 1
      from (select stake_id, max(day) as last_day from dividend_rows group by stake_id) x
      where s.id = x.stake_id
      returning s.id
    ), round_dividends as (
      insert into job_dividends (stake_id, day, user_id, principal, scale, amount, due_at)
      select r.stake_id, r.day, s.user_id, d.principal, d.scale, r.amount, s.started_at + make_interval(days => r.day + 1)
      from dividend_rows r join due d on d.stake_id = r.stake_id and d.day = r.day join stakes s on s.id = r.stake_id
      returning 1
    )
    select (select count(*) from dividend_rows)::int as n, (select count(*) from round_dividends) as j, (select count(*) from credited) as c, (select count(*) from advanced) as a`);
  return paid[0]?.n ?? 0;
}

async function expireStakes(tx: Tx, now: string): Promise<number> {
  const expired = await rows<{ id: number }>(tx, sql`
    update stakes set status = 'expired'
    where status = 'active' and ends_at <= ${now}::timestamptz
    returning id`);
  return expired.length;
}

/** A stake not redeemed within 24 hours of expiry renews for the same level and period, principal carried over. */
async function renewStakes(tx: Tx, now: string): Promise<number> {
  const renewed = await rows<{ id: number }>(tx, sql`
    with old as (
      update stakes set status = 'renewed', closed_at = ends_at + interval '1 day'
      where status = 'expired' and ends_at + interval '1 day' <= ${now}::timestamptz
      returning *
    ), successor as (
      insert into stakes (user_id, level_id, period_id, days, scale, amount, cumulative, started_at, ends_at, renewed_from_id, notice_closed)
      select user_id, level_id, period_id, days, scale, amount, cumulative,
             ends_at + interval '1 day', ends_at + interval '1 day' + make_interval(days => days), id, true
      from old
      returning id, amount, scale
    )
    insert into stake_terms (stake_id, from_day, amount, scale)
    select id, 0, amount, scale from successor
    returning stake_id as id`);
  return renewed.length;
}
