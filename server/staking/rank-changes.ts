import { sql } from 'drizzle-orm';
import { type Tx, rowsOf as rows } from '../db/client';
import { memberLines } from '../users/relations';
import { recomputeRanks, recomputeRanksOf, rankRulesDiffer } from '../rewards/ranks';
import { type RuleTimeline, rulesAt } from '../rewards/rules';
import { heldBy, jobRuns, stakes } from './tables';

/**
 * The stakes members hold (active, or in their redemption window: tables.ts) as the rewards' rank computation reads
 * them (rewards rank below staking).
 */
export const heldStakes = sql`(select user_id, amount from ${stakes} s where ${heldBy('s')})`;

/**
 * How far before the last ranks run a stake change still counts as since it. A change is stamped with its writer's
 * clock before it commits; one stamped before the last ranks run but committed after its read (a stake that waited
 * on a lock, a second server's clock a little behind) is counted by the next run. Counting a change twice only
 * recomputes a rank that does not move.
 */
export const CHANGE_MARGIN_MS = 3_600_000;
/**
 * A pass by key over the lines of the changes is worth it while it reaches fewer members than this share of them
 * (and below FULL_PASS_MIN, always): counted in changed stakes first, then in the members its walk reached.
 */
const FULL_PASS_SHARE = 0.25;
const FULL_PASS_MIN = 10_000;
const walkLimit = (members: number) => Math.max(FULL_PASS_MIN, members * FULL_PASS_SHARE);

export type RankPass = 'full' | 'changes';

/** Whether the day's ranks take a full pass from the start: the first ranks run, a rank rule in force changed, or too many changes. */
export function rankPassFor(p: { first: boolean; rulesChanged: boolean; changedStakes: number; members: number }): RankPass {
  if (p.first || p.rulesChanged) return 'full';
  return p.changedStakes > walkLimit(p.members) ? 'full' : 'changes';
}

/** When the last ranks run ran (null: none yet). Read before this run records itself. */
export async function lastRanksAt(tx: Tx): Promise<Date | null> {
  const [last] = await rows<{ at: number }>(
    tx,
    sql`
    select (extract(epoch from ran_at) * 1000)::float8 as at from ${jobRuns} where ranks order by id desc limit 1`,
  );
  return last ? new Date(last.at) : null;
}

/**
 * The day's ranks (docs/rewards.md, Ranks): a full pass over the members on the first ranks run, when a rank rule in
 * force at `at` differs from the one at the last ranks run (a change takes effect at 00:00 UTC), or when the changes
 * reach more members than a pass by key is worth (a quarter of them); otherwise only the members within three
 * generations above a member whose stakes changed since the last ranks run (by `stakes_changed`). The run's ranks
 * come before its expiries and renewals, which are stamped with the run's time and so count for the next day's
 * ranks, as they did when every day was a full pass.
 */
export async function rankMembers(tx: Tx, timeline: RuleTimeline, at: Date, lastAt: Date | null): Promise<{ pass: RankPass; moved: number }> {
  const rules = rulesAt(timeline, at);
  const since = new Date((lastAt?.getTime() ?? 0) - CHANGE_MARGIN_MS).toISOString();
  const changedStakes = sql`${stakes} where changed_at >= ${since}::timestamptz`;
  const changed = sql`(select user_id from ${changedStakes})`;
  const [members] = await rows<{ n: number }>(tx, sql`select coalesce(max(id), 0)::int as n from ${memberLines} u`);
  const limit = Math.ceil(walkLimit(members?.n ?? 0)) + 1;
  const [count] = lastAt ? await rows<{ n: number }>(tx, sql`select count(*)::int as n from (select 1 from ${changedStakes} limit ${limit}) c`) : [{ n: 0 }];
  const pass = rankPassFor({
    first: lastAt === null,
    rulesChanged: lastAt !== null && rankRulesDiffer(rules, rulesAt(timeline, lastAt)),
    changedStakes: count?.n ?? 0,
    members: members?.n ?? 0,
  });
  if (pass === 'changes') {
    const moved = await recomputeRanksOf(tx, rules, heldStakes, changed, walkLimit(members?.n ?? 0));
    if (moved !== null) return { pass, moved };
  }
  return { pass: 'full', moved: await recomputeRanks(tx, rules, heldStakes) };
}
