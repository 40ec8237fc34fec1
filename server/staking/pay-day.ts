import { type SQL, sql } from 'drizzle-orm';
import { DAY_MS } from '../clock';
import { type Tx, rowsOf } from '../db/client';
import { creditsFrom, dividendsFrom, estimatedMembersWithBalance } from '../ledger/set-posts';
import { type PayRates, type RateValues, payRates, rateValues, rewardColumns, rewardsUpLine } from '../rewards/pay-sql';
import type { RuleTimeline } from '../rewards/rules';
import { memberLines } from '../users/relations';
import { heldBy, stakes, stakeTerms } from './tables';

/**
 * How far the runs before have paid (job_runs, daily.ts): every completed day, as of `through`, of every stake whose
 * id is at most `stakes`; `nextDue` is when the next of those stakes' days completes (null: none, or not known).
 */
export type Watermark = { through: string; stakes: number; nextDue: string | null };
export type PayDay = { now: string; paid: Watermark; timeline: RuleTimeline; runKey: () => Promise<string> };

/**
 * Days a stake has completed by `at` (as SQL over the stake `s`), 0 to its period: whole 24-hour days since it started.
 * A difference of two timestamptz is an interval already counted in 24-hour days and the time left (PostgreSQL
 * justifies its hours), so its day field is floor(seconds / 86400), exactly, in integer arithmetic: the numeric
 * epoch division it replaces cost some 0.1 s per evaluation over 200,000 stakes, and the job evaluates it several
 * times per stake. The same expression as paidDaysOf (tables.ts).
 */
const completedBy = (at: SQL) => sql`greatest(0, least(s.days, date_part('day', ${at} - s.started_at)::int))`;
/** The stake `s`'s paid days under the watermark: the days it had completed by then, if it existed then. */
const paidUnder = (w: Watermark) => sql`(case when s.id <= ${w.stakes} then ${completedBy(sql`${w.through}::timestamptz`)} else 0 end)`;
/** `c`: the stake `s`'s days paid before and those completed by now (each at most the period). */
const paidAndCompleted = (now: string, w: Watermark) =>
  sql`cross join lateral (select ${paidUnder(w)} as paid, ${completedBy(sql`${now}::timestamptz`)} as days) c`;
/** The stakes that may have days due: a stake whose period had ended by the watermark, and that existed then, was paid in full. */
const mayBeDue = (w: Watermark) => sql`(s.ends_at > ${w.through}::timestamptz or s.id > ${w.stakes})`;

/**
 * Whether any stake has a day completed by `now` that the watermark does not cover: the earliest next due time
 * the last run left, or a stake opened since (its first day completes a day after it started), read through the
 * key from the watermark's last stake on. No stake is read when nothing is due. And whether each stake has at most
 * one such day (the usual run, a day or less after the last): a stake the watermark covers has completed at most one
 * day more when `now` is at most a day past it, and a stake opened since at most one when it started less than two
 * days before `now`.
 */
async function whatIsDue(tx: Tx, now: string, w: Watermark): Promise<{ any: boolean; oneDayEach: boolean }> {
  const [due] = await rowsOf<{ any: boolean; one_day_each: boolean }>(
    tx,
    sql`
    select coalesce(${w.nextDue}::timestamptz <= ${now}::timestamptz, false)
        or coalesce(n.started + interval '1 day' <= ${now}::timestamptz, false) as any,
           ${now}::timestamptz - ${w.through}::timestamptz <= interval '1 day'
       and coalesce(n.started > ${now}::timestamptz - interval '2 days', true) as one_day_each
    from (select min(started_at) as started from ${stakes} where id > ${w.stakes}) n`,
  );
  return { any: due?.any ?? false, oneDayEach: due?.one_day_each ?? false };
}

/**
 * A due day's columns over the stakes `s`, their stakers `u` and the terms `t` the day earns on (none: the stake's
 * own amount and scale, terms.ts), for both reads of the due days (dueDays, mostDue).
 */
const dueColumns = (day: SQL) => sql`s.id as stake_id, s.user_id, u.inviter_id as p1, ${day} as day,
  coalesce(t.amount, s.amount) as principal, coalesce(t.scale, s.scale) as scale,
  -- div, not floor(x / 100): numeric division rounds its quotient to a few decimals first, so it could pay 1 wei more
  div(coalesce(t.amount, s.amount) * coalesce(t.scale, s.scale), 100) as amount, s.started_at + make_interval(days => ${day} + 1) as due_at`;

/**
 * Every completed, unpaid (stake, day), with the terms that day earns on, as a query over the stakes `s` (columns
 * stake_id, user_id, p1 (the staker's inviter), day, principal, scale, amount, due_at), in stake and day order:
 * whatever the stake's status, so the days of a stake redeemed (or renewed) before a run saw them completed are paid
 * all the same. `oneDayEach`: the caller knows each stake has at most one (whatIsDue), so no series of days per stake,
 * and the day's terms are the stake's latest from on or before it (distinct on the stake, in the sort the writes want
 * anyway); otherwise an anti-join per (stake, day) drops the terms a later one replaced.
 */
function dueDays(now: string, w: Watermark, oneDayEach: boolean): SQL {
  const day = oneDayEach ? sql`c.paid` : sql`d.day`;
  return sql`
    select ${oneDayEach ? sql`distinct on (s.id) ` : sql``}${dueColumns(day)}
    from ${stakes} s
    join ${memberLines} u on u.id = s.user_id
    ${paidAndCompleted(now, w)}
    ${oneDayEach ? sql`` : sql`cross join lateral generate_series(c.paid, c.days - 1) as d(day)`}
    -- the latest terms from on or before the day (joins, not a lookup per stake and day); a stake never upgraded has
    -- no terms rows and earns on its own amount and scale (terms.ts), one that was has them all from day 0
    left join ${stakeTerms} t on t.stake_id = s.id and t.from_day <= ${day}
    where ${mayBeDue(w)}
    ${
      oneDayEach
        ? sql`and c.days > c.paid order by s.id, t.from_day desc`
        : sql`and not exists (select 1 from ${stakeTerms} later where later.stake_id = s.id and later.from_day > t.from_day and later.from_day <= ${day})
    order by s.id, d.day`
    }`;
}

/**
 * The one-day due days (dueDays with oneDayEach) when most of the stakes the watermark leaves open are due (the usual
 * daily run: every stake within its period completes a day a day later): the stakes are joined to their stakers and
 * terms first, in a subquery the planner may not push the due conditions into (offset 0), and filtered after. The
 * planner cannot estimate those conditions (expressions over the stake and the two times), so it expected a tenth of
 * the rows and planned the joins for a few; over the open stakes its estimate is right. Same rows, same order.
 */
function mostDue(now: string, w: Watermark): SQL {
  return sql`
    select distinct on (x.stake_id) x.stake_id, x.user_id, x.p1, x.day, x.principal, x.scale, x.amount, x.due_at
    from (
      select ${dueColumns(sql`c.paid`)}, c.days, coalesce(t.from_day, 0) as from_day
      from ${stakes} s
      join ${memberLines} u on u.id = s.user_id
      ${paidAndCompleted(now, w)}
      -- a stake never upgraded has no terms rows and earns on its own amount and scale (terms.ts)
      left join ${stakeTerms} t on t.stake_id = s.id
      where ${mayBeDue(w)}
      offset 0
    ) x
    where x.days > x.day and x.from_day <= x.day
    order by x.stake_id, x.from_day desc`;
}

/**
 * The due days as a relation the pay statement reads, and how many there are. Usually (each stake at most one day
 * due) the statement reads the stakes itself, after a count over the same condition (for the plan: bulk or a few),
 * which also checks that no stake has two; when days were missed, they are gathered first into a temporary table in
 * stake and day order, and analyzed.
 */
async function dueRelation(tx: Tx, now: string, w: Watermark, oneDayEach: boolean): Promise<{ relation: SQL; count: number; oneDay: boolean }> {
  if (oneDayEach) {
    // the count also checks the premise: a stake with more than one day due sends the run the general way
    const [size] = await rowsOf<{ due: number; more: number; seen: number }>(
      tx,
      sql`
      select count(*) filter (where c.days > c.paid)::int as due, count(*) filter (where c.days > c.paid + 1)::int as more,
             count(*)::int as seen
      from ${stakes} s
      ${paidAndCompleted(now, w)}
      where ${mayBeDue(w)}`,
    );
    const due = size?.due ?? 0;
    if (!size?.more) return { relation: sql`(${due * 2 >= (size?.seen ?? 0) ? mostDue(now, w) : dueDays(now, w, true)})`, count: due, oneDay: true };
  }
  await tx.execute(sql`drop table if exists job_due`);
  await tx.execute(sql`create temp table job_due on commit drop as ${dueDays(now, w, false)}`);
  await tx.execute(sql`analyze job_due`);
  const [size] = await rowsOf<{ due: number }>(tx, sql`select count(*)::int as due from job_due`);
  return { relation: sql`job_due`, count: size?.due ?? 0, oneDay: false };
}

/**
 * When the next day of a stake the watermark of `now` covers completes: the earliest, over the stakes with a day still
 * to complete, of the end of the day running at `now` (null: none). One scan of the stakes within their period.
 */
export async function nextDueAfter(tx: Tx, now: string): Promise<string | null> {
  const [next] = await rowsOf<{ at: string | null }>(
    tx,
    sql`
    select to_json(min(s.started_at + make_interval(days => c.done + 1))) #>> '{}' as at
    from ${stakes} s cross join lateral (select ${completedBy(sql`${now}::timestamptz`)} as done) c
    where s.ends_at > ${now}::timestamptz and c.done < s.days`,
  );
  return next?.at ?? null;
}

/**
 * The rates of every day a one-day run pays, when one entry of the timeline covers them all (every day but the first
 * after a change takes effect): such a run's due times are all within the day before `now` (a stake the watermark
 * covers completes its next day after the watermark, at most a day before `now`; a stake opened since started less
 * than two days before `now`: whatIsDue), so an entry in force from a day before `now` to after it holds each one's
 * rates. Null when a change takes effect within that day: each dividend then looks its rates up by its due time.
 */
export function ratesOfOneDayRun(timeline: RuleTimeline, now: string): RateValues | null {
  const end = new Date(now).getTime();
  const i = timeline.findIndex((entry, k) => entry.from.getTime() <= end - DAY_MS && (timeline[k + 1]?.from.getTime() ?? Infinity) > end);
  const entry = timeline[i];
  return entry ? rateValues(entry.values) : null;
}

/** How a run that has days to pay pays them: the due days' relation, the rates, and whether it pays in bulk. */
type PayPlan = { dueNow: SQL; rates: PayRates; bulk: boolean };

/**
 * The plan for the run, or null when it has nothing to pay. Each dividend's rates are constants when one timeline
 * entry covers the whole run (a lookup per dividend by its due time, recomputed from the stake, took some 0.45 s of
 * a 3.5 s pay statement at 200,000 stakes), else looked up. A run that pays a large share of the members (each day's
 * first at scale) pays in bulk: the statement's row estimates are defaults (200 rows a CTE), so the planner would
 * credit a million balances through a million index descents (see payInBulk).
 */
async function planOfRun(tx: Tx, { now, paid: w, timeline }: PayDay): Promise<PayPlan | null> {
  const due = await whatIsDue(tx, now, w);
  if (!due.any) return null;
  const { relation: dueNow, count, oneDay } = await dueRelation(tx, now, w, due.oneDayEach);
  if (!count) return null;
  const members = await estimatedMembersWithBalance(tx);
  const fixed = oneDay ? ratesOfOneDayRun(timeline, now) : null;
  return { dueNow, rates: payRates(timeline, fixed), bulk: count * 10 > members };
}

/**
 * `job_members`: the members who may earn, with their level, validity and inviter: every member who invited someone
 * (each ancestor of a staker did). A staker's line is walked up through it (inviter of the inviter), so the pay
 * statement joins this small table thrice instead of a million stakers' three user_ancestors rows.
 */
async function gatherMembers(tx: Tx): Promise<string> {
  await tx.execute(sql`drop table if exists job_members`);
  await tx.execute(sql`
    create temp table job_members on commit drop as
    select u.id as user_id, u.inviter_id, u.lv, exists (select 1 from ${stakes} a where a.user_id = u.id and ${heldBy('a')}) as valid
    from ${memberLines} u
    where u.id in (select inviter_id from ${memberLines} i where inviter_id is not null)`);
  await tx.execute(sql`analyze job_members`);
  return 'job_members';
}

/**
 * The paying statement: the due days of `plan` with the rewards up their lines from `members` (rewards/pay-sql.ts),
 * as dividends rows, then each beneficiary's rewards per kind as ledger entries, and every balance credited
 * (ledger/set-posts.ts).
 */
async function pay(tx: Tx, now: string, plan: PayPlan, members: string): Promise<{ dividends: number; rewards: number }> {
  const [paid] = await rowsOf<{ dividends: number; rewards: number }>(
    tx,
    sql`
    with ${plan.rates.relations}${rewardsUpLine({ dividends: plan.dueNow, members, rates: plan.rates })}, owed as (
      -- each dividend as its ledger row (ledger/set-posts.ts dividendsFrom), with the rewards it pays up the line
      select stake_id, day, amount, user_id as source_user_id, principal, scale, ${now}::timestamptz as paid_at,
             ${rewardColumns('amount')}
      from earned
    ), ${dividendsFrom('owed')}, by_line as (
      -- one pass over the dividends: a run's dividends grouped by the line above their stakers (the generation-1
      -- member decides the other two, so there are as many groups as members who invited someone), then each
      -- beneficiary's total per kind from these groups (no row per single reward, no pass per generation)
      select g1_id, g2_id, g3_id,
             sum(g1_direct) as d1, count(*) filter (where g1_direct > 0) as nd1, sum(g1_team) as t1, count(*) filter (where g1_team > 0) as nt1,
             sum(g2_team) as t2, count(*) filter (where g2_team > 0) as nt2, sum(g3_team) as t3, count(*) filter (where g3_team > 0) as nt3
      from paid group by g1_id, g2_id, g3_id
    ), earnings as (
      -- each beneficiary's total and count per kind: the lines' four (member, kind) columns unpivoted and summed in one
      -- aggregate (a member earns team rewards as generation 1, 2 and 3 of different lines), not one per column and
      -- a second over their union
      select e.user_id, e.kind, sum(e.amount) as amount, sum(e.n) as n
      from by_line l
      cross join lateral (values (l.g1_id, 'direct', l.d1, l.nd1), (l.g1_id, 'team', l.t1, l.nt1),
                                 (l.g2_id, 'team', l.t2, l.nt2), (l.g3_id, 'team', l.t3, l.nt3)) e(user_id, kind, amount, n)
      where e.n > 0
      group by e.user_id, e.kind
    ), movements as (
      -- what the ledger posts as entries: one per beneficiary and kind for the rewards of this round (each dividend's
      -- own ledger row is its dividends row, credited with them)
      select user_id, 'reward-' || kind as type, amount, null::int as stake_id, ${now}::timestamptz as created_at
      from earnings order by user_id, kind
    ), ${creditsFrom({ movements: 'movements', dividends: 'paid' })}
    select (select count(*) from paid)::int as dividends, (select coalesce(sum(n), 0) from earnings)::int as rewards`,
  );
  return { dividends: paid?.dividends ?? 0, rewards: paid?.rewards ?? 0 };
}

/**
 * `work` without nested loops but the rates lookup (a lateral, which has no other plan): a hash join over one scan
 * of balances took 1–4 s less of pay at a million stakes than an index descent per balance. A run that pays a few
 * stakes keeps the index lookups.
 */
async function payInBulk<T>(tx: Tx, bulk: boolean, work: () => Promise<T>): Promise<T> {
  if (!bulk) return work();
  await tx.execute(sql`set local enable_nestloop = off`);
  const result = await work();
  await tx.execute(sql`set local enable_nestloop to default`);
  return result;
}

/**
 * Pays every completed day's dividend and the referral rewards on it (docs/rewards.md):
 * - each (stake, day) once, whatever the order of the stake's redemption and the run: the days from the stake's
 *   paid days under the watermark (`paid`, the runs before) to the days it has completed by `now`; the dividends
 *   key refuses a second row, which fails the run;
 * - the staker's generation 1 (inviter) earns `reward.generation.1` % of the dividend as a direct reward,
 *   generations 2 and 3 their rates as team rewards, and each also the differential of its level's bonus over
 *   the highest bonus a valid member below it on the line earned (team reward: rewards/reward-rule.ts);
 * - only valid members (holding a stake when the job runs: active, or in its redemption window, tables.ts) earn; the
 *   percents are those in force when the dividend fell due, so a rate changed mid-day applies from the next day;
 * - the ledger posts, in the same statement (ledger/set-posts.ts): each dividend once, as its dividends row (which is
 *   the staker's ledger row for it, with the rewards it pays), one entry per beneficiary and kind for the rewards of
 *   this round, without idempotency keys (they come from the dividends rows inserted just before, whose key is the
 *   guard), and each member's balance credited once for all of them.
 * The due days are read from the stakes still within their period at the watermark, or opened since (a run with
 * nothing due reads no stake: whatIsDue), in stake (and day) order, and written in that order, so the writes walk
 * each table and index forward: read by the pay statement itself in the usual run (one day due per stake), gathered
 * first into a temporary table when days were missed (dueRelation).
 */
export async function payDividendsAndRewards(tx: Tx, day: PayDay): Promise<{ dividends: number; rewards: number }> {
  const plan = await planOfRun(tx, day);
  if (!plan) return { dividends: 0, rewards: 0 };
  await day.runKey(); // a paying run is recorded in job_runs
  const members = await gatherMembers(tx);
  return payInBulk(tx, plan.bulk, () => pay(tx, day.now, plan, members));
}
