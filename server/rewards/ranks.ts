import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { memberLines, setRanks } from '../users/relations';
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
 * rank moves reads the tree once and rewrites no member row. `activeStakes` is the staking domain's relation of
 * active stakes (user_id, amount): rewards rank below staking and read its stakes only through it.
 */
export async function recomputeRanks(tx: Tx, rules: RuleValues, activeStakes: SQL): Promise<number> {
  const lv = highest(RANKS, (r) => sql`t.valid_directs >= ${num(rules[`rank.${r}.directs`])} and t.team_stake >= ${num(wldOf(rules[`rank.${r}.team_stake`]))}`);
  const vLv = highest(V_LEVELS, (v) => sql`m.stake >= ${num(wldOf(rules[`v.${v}.stake`]))}`);
  await tx.execute(sql`drop table if exists job_ranks`);
  await tx.execute(sql`
    create temp table job_ranks on commit drop as
    with own as (
      -- summed from the stakes in member order (a stream, ~1 s at a million): a hash table of a million numeric
      -- sums took some 490 MB and 4 s
      select user_id, sum(amount) as stake from (select user_id, amount from ${activeStakes} a order by user_id) s
      group by user_id
    ), member as materialized (
      -- every member once, with their inviter, ranks and own stake: users is read once, and each generation
      -- below walks this narrow copy (not users, not the three-times larger user_ancestors)
      select u.id, u.inviter_id, u.star, u.lv, u.v_lv, o.stake from ${memberLines} u left join own o on o.user_id = u.id
    ), g1 as (
      -- valid direct referrals and their stake, per inviter
      select inviter_id as user_id, count(*) as valid_directs, sum(stake) as stake
      from member where stake is not null and inviter_id is not null group by inviter_id
    ), g2 as (
      -- generation 2's stake: the generation-1 stakes of one's direct referrals
      select m.inviter_id as user_id, sum(g1.stake) as stake from g1 join member m on m.id = g1.user_id where m.inviter_id is not null group by m.inviter_id
    ), g3 as (
      select m.inviter_id as user_id, sum(g2.stake) as stake from g2 join member m on m.id = g2.user_id where m.inviter_id is not null group by m.inviter_id
    ), team as (
      -- every member with a valid member within three generations below, summed generation by generation
      -- (a million members' stakes are added up once per generation, not once per ancestor pair)
      select coalesce(g1.user_id, g2.user_id, g3.user_id) as user_id, coalesce(g1.valid_directs, 0) as valid_directs,
             coalesce(g1.stake, 0) + coalesce(g2.stake, 0) + coalesce(g3.stake, 0) as team_stake
      from g1 full join g2 on g2.user_id = g1.user_id full join g3 on g3.user_id = coalesce(g1.user_id, g2.user_id)
    ), ranked as (
      select m.id, m.star as old_star, m.lv as old_lv, m.v_lv as old_v_lv,
             least(coalesce(t.valid_directs, 0), 5)::int as star,
             (case when m.stake is null or t.user_id is null then 0 else ${lv} end)::int as lv,
             (case when m.stake is null then 0 else ${vLv} end)::int as v_lv
      from member m
      left join team t on t.user_id = m.id
    )
    select id, star, lv, v_lv from ranked where (old_star, old_lv, old_v_lv) is distinct from (star, lv, v_lv)`);
  await tx.execute(sql`analyze job_ranks`);
  return setRanks(tx, 'job_ranks');
}
