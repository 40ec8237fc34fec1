import { sql } from 'drizzle-orm';
import { type Clock, startOfUtcDay } from '../clock';
import { type Db, type Queryable, type Tx, rowsOf as rows } from '../db/client';
import { jobRuns, stakes } from './tables';
import { ruleTimeline } from '../rewards/rules';
import { type Watermark, nextDueAfter } from './due-days';
import { payDividendsAndRewards } from './pay-day';
import { type RankPass, lastRanksAt, rankMembers } from './rank-changes';
import { ADVISORY_LOCKS } from '../db/locks';

const MAX_ROUNDS = 1000; // renewals can chain when the clock jumps many periods at once

/** `ranks`: how many members' ranks moved (null: not due this run); `rankPass`: over every member or only those a change moved. */
export type JobReport = { ran: boolean; ranks: number | null; rankPass: RankPass | null; dividends: number; rewards: number; expired: number; renewed: number };
/** The job's steps, for whoever wants to time them (bench/dividends.ts). */
export type JobPhase = 'ranks' | 'pay' | 'expire' | 'renew';
export type PhaseTimer = (phase: JobPhase, ms: number) => void;

/**
 * The daily job (it runs every JOB_INTERVAL_MS; each step does only what is due): once per UTC day it
 * recomputes the ranks a stake change or a rule change can have moved (rank-changes.ts); it pays every completed day's dividend and the referral rewards on it,
 * expires stakes whose period ended and renews those not redeemed within 24 hours, each from its end (renewStakes). All in one transaction
 * under an advisory lock: another process running at the same time skips. Each (stake, day) is paid once
 * (from the watermark the last recorded run left in job_runs, and the dividends key, which fails the run rather
 * than pay a day twice) and each reward with it (from the dividends row), so a re-run, or a run after a crash that
 * rolled back, pays nothing twice. A run that records itself leaves its own watermark when it ends, after its last
 * pay round: every stake it saw is paid through its time.
 */
export async function runStakingJobs(db: Db, clock: Clock, onPhase: PhaseTimer = () => {}): Promise<JobReport> {
  const at = clock.now();
  const timed = async <T>(phase: JobPhase, step: () => Promise<T>): Promise<T> => {
    const start = performance.now();
    const result = await step();
    onPhase(phase, performance.now() - start);
    return result;
  };
  return db.transaction(async (tx) => {
    const lock = await rows<{ ok: boolean }>(tx, sql`select pg_try_advisory_xact_lock(${ADVISORY_LOCKS.stakingJob}) as ok`);
    if (!lock[0]?.ok) return { ran: false, ranks: null, rankPass: null, dividends: 0, rewards: 0, expired: 0, renewed: 0 };
    await tuneForBulkWork(tx);
    let paid = await lastWatermark(tx);
    // Never behind the watermark (a process whose clock lags the last run's): it would pay nothing new anyway.
    const now = new Date(Math.max(at.getTime(), new Date(paid.through).getTime())).toISOString();
    const report: JobReport = { ran: true, ranks: null, rankPass: null, dividends: 0, rewards: 0, expired: 0, renewed: 0 };
    const timeline = await ruleTimeline(tx);
    const ranksDue = await ranksDueToday(tx, at);
    let runId: number | undefined;
    /** A run that computes ranks or pays is recorded; an idle one is not. */
    const recordRun = async () => {
      const [run] = await tx.insert(jobRuns).values({ ranAt: at, ranks: ranksDue }).returning({ id: jobRuns.id });
      if (!run) throw new Error('job run not recorded');
      return run.id;
    };
    if (ranksDue) {
      const lastAt = await lastRanksAt(tx);
      runId = await recordRun();
      const ranks = await timed('ranks', () => rankMembers(tx, timeline, at, lastAt));
      report.ranks = ranks.moved;
      report.rankPass = ranks.pass;
    }
    await lockStakesToClose(tx, now);
    // Each round pays, then expires and renews; the last round pays after the last renewal, so the watermark below
    // covers every stake there is (renewals beyond MAX_ROUNDS wait for the next run, their successors unseen).
    for (let round = 0; ; round++) {
      const runKey = async () => `${(runId ??= await recordRun())}.${round}`;
      const day = await timed('pay', () => payDividendsAndRewards(tx, { now, paid, timeline, runKey }));
      report.dividends += day.dividends;
      report.rewards += day.rewards;
      // what this round paid: every stake there is, through now (a renewal below opens stakes after it)
      paid = { through: now, stakes: await lastStakeId(tx), nextDue: null };
      report.expired += await timed('expire', () => expireStakes(tx, now));
      if (round === MAX_ROUNDS) break;
      const renewed = await timed('renew', () => renewStakes(tx, now));
      report.renewed += renewed;
      if (renewed === 0) break;
    }
    if (runId !== undefined) await leaveWatermark(tx, runId, now, paid.stakes);
    return report;
  });
}

/**
 * The job's statements read and write every active stake at once: this transaction (only) may hash a million
 * rows in memory instead of spilling them to disk in batches (a million members' numeric sums take some 260 MB
 * of hash table, beyond the 2 × 128 MB of hash_mem_multiplier's default), skips JIT compilation, which costs
 * seconds per statement here and saves nothing on statements bound by writes, and plans no parallel workers
 * (at a million stakes they sorted stake_terms once per worker and, on a server running the API, only took
 * cores from it). The server's own settings stay as they are.
 */
export async function tuneForBulkWork(tx: Tx): Promise<void> {
  await tx.execute(sql`set local work_mem = '128MB'`);
  await tx.execute(sql`set local hash_mem_multiplier = 4`);
  await tx.execute(sql`set local jit = off`);
  await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
}

/** When the next day of a stake the last recorded run paid completes (the metrics' "daily job late"); null when none. */
export async function nextDividendDue(db: Queryable): Promise<Date | null> {
  const { nextDue } = await lastWatermark(db);
  return nextDue === null ? null : new Date(nextDue);
}

/** The watermark the last recorded run left (none yet: nothing paid, every stake from its first day). */
async function lastWatermark(tx: Queryable): Promise<Watermark> {
  const [last] = await rows<{ through: number; stakes: number; next_due: number | null }>(
    tx,
    sql`
    select (extract(epoch from paid_through) * 1000)::float8 as through, coalesce(paid_stakes, 0) as stakes,
           (extract(epoch from next_due_at) * 1000)::float8 as next_due
    from ${jobRuns} where paid_through is not null order by id desc limit 1`,
  );
  const iso = (ms: number) => new Date(ms).toISOString();
  if (!last) return { through: iso(0), stakes: 0, nextDue: null };
  return { through: iso(last.through), stakes: last.stakes, nextDue: last.next_due === null ? null : iso(last.next_due) };
}

/** This run's watermark, once its last round has paid: every stake up to `paidStakes` is paid through `now`. */
async function leaveWatermark(tx: Tx, runId: number, now: string, paidStakes: number): Promise<void> {
  const nextDue = await nextDueAfter(tx, now);
  await tx.execute(sql`
    update ${jobRuns} set paid_through = ${now}::timestamptz, next_due_at = ${nextDue}::timestamptz, paid_stakes = ${paidStakes}
    where id = ${runId}`);
}

/** The highest stake id: a stake another transaction opens meanwhile started at about now, so it has no day completed. */
async function lastStakeId(tx: Tx): Promise<number> {
  const [last] = await rows<{ id: number }>(tx, sql`select coalesce(max(id), 0)::int as id from ${stakes}`);
  return last?.id ?? 0;
}

/** Ranks are recomputed by the first run of each UTC day. */
async function ranksDueToday(tx: Tx, at: Date): Promise<boolean> {
  const [last] = await rows<{ done: boolean }>(
    tx,
    sql`
    select exists (select 1 from ${jobRuns} where ranks and ran_at >= ${startOfUtcDay(at).toISOString()}::timestamptz
                   and ran_at <= ${at.toISOString()}::timestamptz) as done`,
  );
  return !last?.done;
}

/** The stakes a run expires: active past their end. */
const toExpire = (now: string) => sql`status = 'active' and ends_at <= ${now}::timestamptz`;
/** The stakes a run renews: expired and not redeemed within the day after their end. */
const toRenew = (now: string) => sql`status = 'expired' and ends_at + interval '1 day' <= ${now}::timestamptz`;

/**
 * Locks the stakes this run will expire or renew, in id order, before its pay locks any balance. A member's
 * confirmRedeem locks its stake, then its balance (the redemption's credit): taken the other way round (the pay's
 * balances, then the expiry's stakes), a confirmRedeem on a stake ending that day could deadlock with the run, and
 * PostgreSQL would abort one of them (races.test.ts: confirmRedeem ∥ the job paying a stake's last day). A
 * confirmRedeem on such a stake now waits for the run instead. Later rounds expire and renew only stakes locked here
 * or opened by the run itself: the same conditions as theirs (toExpire, toRenew). Through the `stakes_status` index
 * (status, ends_at): the stakes ending, not all.
 */
async function lockStakesToClose(tx: Tx, now: string): Promise<void> {
  await tx.execute(sql`select id from ${stakes} where (${toExpire(now)}) or (${toRenew(now)}) order by id for update`);
}

async function expireStakes(tx: Tx, now: string): Promise<number> {
  const expired = await rows<{ id: number }>(
    tx,
    sql`
    update ${stakes} set status = 'expired', changed_at = ${now}::timestamptz
    where ${toExpire(now)}
    returning id`,
  );
  return expired.length;
}

/**
 * A stake not redeemed within 24 hours of expiry renews for the same level and period, principal carried over. The
 * successor's term continues from the old one's end, not from the window's: the window is its first day, which this
 * run pays in its next round (the member redeemed nothing, so they lose nothing), and the member held a stake
 * throughout (tables.ts, HELD_STATUSES). A redemption in the window takes the principal instead, and no successor
 * is opened: the window day belongs to the renewed term only.
 */
async function renewStakes(tx: Tx, now: string): Promise<number> {
  const renewed = await rows<{ id: number }>(
    tx,
    sql`
    with old as (
      update ${stakes} set status = 'renewed', closed_at = ends_at + interval '1 day', changed_at = ${now}::timestamptz
      where ${toRenew(now)}
      returning *
    ), successor as (
      insert into ${stakes} (user_id, level_id, period_id, days, scale, amount, cumulative, started_at, ends_at, renewed_from_id, notice_closed, changed_at)
      select user_id, level_id, period_id, days, scale, amount, cumulative,
             ends_at, ends_at + make_interval(days => days), id, true, ${now}::timestamptz
      from old
      returning id
    )
    -- the successor earns on its own amount and scale: no terms row (terms.ts)
    select id from successor`,
  );
  return renewed.length;
}
