import { sql } from 'drizzle-orm';
import { type Tx, rowsOf } from '../db/client';
import { RANKS, type RuleValues, V_LEVELS, wldOf } from './rules';

const num = (value: bigint | string) => sql`${value.toString()}::numeric`;

/** `case when <test(highest)> then highest … else 0 end`, highest level first. */
function highest<L extends number>(levels: readonly L[], test: (level: L) => ReturnType<typeof sql>) {
  const branches = [...levels].reverse().map((level) => sql`when ${test(level)} then ${level}`);
  return sql`(case ${sql.join(branches, sql` `)} else 0 end)`;
}

/**
 * Recomputes every member's star, community level (lv) and V level (v_lv) from the referral tree and the
 * active stakes (docs/rewards.md), in one statement, and writes only the rows that change. Returns how many.
 * - star: valid direct referrals, at most 5.
 * - lv: the highest level whose valid-direct and team-stake thresholds the member meets; valid members only.
 * - v_lv: the highest V level whose threshold the member's own active stake reaches.
 */
export async function recomputeRanks(tx: Tx, rules: RuleValues): Promise<number> {
  const lv = highest(RANKS, (r) => sql`t.valid_directs >= ${num(rules[`rank.${r}.directs`])} and t.team_stake >= ${num(wldOf(rules[`rank.${r}.team_stake`]))}`);
  const vLv = highest(V_LEVELS, (v) => sql`o.stake >= ${num(wldOf(rules[`v.${v}.stake`]))}`);
  const [changed] = await rowsOf<{ n: number }>(tx, sql`
    with own as (
      select user_id, sum(amount) as stake from stakes where status = 'active' group by user_id
    ), team as (
      select a.ancestor_id as user_id,
             count(*) filter (where a.depth = 1 and o.stake is not null) as valid_directs,
             coalesce(sum(o.stake), 0) as team_stake
      from user_ancestors a join own o on o.user_id = a.user_id
      group by a.ancestor_id
    ), ranked as (
      select u.id,
             least(coalesce(t.valid_directs, 0), 5)::int as star,
             (case when o.stake is null or t.user_id is null then 0 else ${lv} end)::int as lv,
             (case when o.stake is null then 0 else ${vLv} end)::int as v_lv
      from users u
      left join own o on o.user_id = u.id
      left join team t on t.user_id = u.id
    ), updated as (
      update users u set star = r.star, lv = r.lv, v_lv = r.v_lv
      from ranked r
      where r.id = u.id and (u.star, u.lv, u.v_lv) is distinct from (r.star, r.lv, r.v_lv)
      returning 1
    )
    select count(*)::int as n from updated`);
  return changed?.n ?? 0;
}
