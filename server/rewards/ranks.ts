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
 * active stakes (docs/rewards.md), and writes only the rows that change. Returns how many.
 * - star: valid direct referrals, at most 5.
 * - lv: the highest level whose valid-direct and team-stake thresholds the member meets; valid members only.
 * - v_lv: the highest V level whose threshold the member's own active stake reaches.
 * The changes are gathered first (one pass over the members) and then written by key, so a day on which no
 * rank moves reads the tree once and rewrites no member row.
 */
export async function recomputeRanks(tx: Tx, rules: RuleValues): Promise<number> {
  const lv = highest(RANKS, (r) => sql`t.valid_directs >= ${num(rules[`rank.${r}.directs`])} and t.team_stake >= ${num(wldOf(rules[`rank.${r}.team_stake`]))}`);
  const vLv = highest(V_LEVELS, (v) => sql`o.stake >= ${num(wldOf(rules[`v.${v}.stake`]))}`);
  await tx.execute(sql`drop table if exists job_ranks`);
  await tx.execute(sql`
    create temp table job_ranks on commit drop as
    with own as (
      select user_id, sum(amount) as stake from stakes where status = 'active' group by user_id
    ), parent as (
      select user_id, ancestor_id from user_ancestors where depth = 1
    ), g1 as (
      -- valid direct referrals and their stake, per inviter
      select p.ancestor_id as user_id, count(*) as valid_directs, sum(o.stake) as stake
      from own o join parent p on p.user_id = o.user_id group by p.ancestor_id
    ), g2 as (
      -- generation 2's stake: the generation-1 stakes of one's direct referrals
      select p.ancestor_id as user_id, sum(g1.stake) as stake from g1 join parent p on p.user_id = g1.user_id group by p.ancestor_id
    ), g3 as (
      select p.ancestor_id as user_id, sum(g2.stake) as stake from g2 join parent p on p.user_id = g2.user_id group by p.ancestor_id
    ), team as (
      -- every member with a valid member within three generations below, summed generation by generation
      -- (a million members' stakes are added up once per generation, not once per ancestor pair)
      select coalesce(g1.user_id, g2.user_id, g3.user_id) as user_id, coalesce(g1.valid_directs, 0) as valid_directs,
             coalesce(g1.stake, 0) + coalesce(g2.stake, 0) + coalesce(g3.stake, 0) as team_stake
      from g1 full join g2 on g2.user_id = g1.user_id full join g3 on g3.user_id = coalesce(g1.user_id, g2.user_id)
    ), ranked as (
      select u.id, u.star as old_star, u.lv as old_lv, u.v_lv as old_v_lv,
             least(coalesce(t.valid_directs, 0), 5)::int as star,
             (case when o.stake is null or t.user_id is null then 0 else ${lv} end)::int as lv,
             (case when o.stake is null then 0 else ${vLv} end)::int as v_lv
      from users u
      left join own o on o.user_id = u.id
      left join team t on t.user_id = u.id
    )
    select id, star, lv, v_lv from ranked where (old_star, old_lv, old_v_lv) is distinct from (star, lv, v_lv)`);
  await tx.execute(sql`analyze job_ranks`);
  const [changed] = await rowsOf<{ n: number }>(tx, sql`
    with updated as (
      update users u set star = r.star, lv = r.lv, v_lv = r.v_lv from job_ranks r where r.id = u.id returning 1
    )
    select count(*)::int as n from updated`);
  return changed?.n ?? 0;
}
