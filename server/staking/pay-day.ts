import { type SQL, sql } from 'drizzle-orm';
import { DAY_MS } from '../clock';
import { type Tx, rowsOf } from '../db/client';
import { creditsFrom, dividendsFrom, estimatedMembersWithBalance } from '../ledger/set-posts';
import { type PayRates, type RateValues, payRates, rateValues, rewardColumns, rewardsUpLine } from '../rewards/pay-sql';
import type { RuleTimeline } from '../rewards/rules';
import { memberLines } from '../users/relations';
import { type Watermark, dueRelation, whatIsDue } from './due-days';
import { heldBy, stakes } from './tables';

/**
 * A run of the pay step: its time, how far the runs before it paid (due-days.ts), the rules over time, and its key,
 * which records the run in job_runs when first asked (daily.ts): asked only by a run that pays.
 */
export type PayDay = { now: string; paid: Watermark; timeline: RuleTimeline; runKey: () => Promise<string> };

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
 * entry covers the whole run (a lookup per dividend by its due time, recomputed from the stake, is a measurable
 * share of the pay statement at scale: docs/decisions.md), else looked up. A run that pays a large share of the
 * members (each day's first at scale) pays in bulk: the statement's row estimates are defaults (200 rows a CTE), so
 * the planner would credit a million balances through a million index descents (see payInBulk).
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
 * `work` without nested loops but the rates lookup (a lateral, which has no other plan): at scale a hash join over one
 * scan of balances beats an index descent per balance (docs/decisions.md, the daily job's bulk settings). A run that
 * pays a few stakes keeps the index lookups.
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
