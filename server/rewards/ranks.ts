import { type SQL, sql } from 'drizzle-orm';
import { type Tx, rowsOf } from '../db/client';
import { memberAncestry, memberLines, setRanks } from '../users/relations';
import { RANKS, type RuleKey, type RuleValues, V_LEVELS, wldOf } from './rules';

const num = (value: bigint | string) => sql`${value.toString()}::numeric`;

/** `case when <test(highest)> then highest … else 0 end`, highest level first. */
function highest<L extends number>(levels: readonly L[], test: (level: L) => ReturnType<typeof sql>) {
  const branches = [...levels].reverse().map((level) => sql`when ${test(level)} then ${level}`);
  return sql`(case ${sql.join(branches, sql` `)} else 0 end)`;
}

/** The rules the ranks read: the level thresholds (not the bonuses, which only the pay reads). */
export const RANK_RULE_KEYS: readonly RuleKey[] = [
  ...RANKS.flatMap((r) => [`rank.${r}.directs`, `rank.${r}.team_stake`] as RuleKey[]),
  ...V_LEVELS.map((v) => `v.${v}.stake` as RuleKey),
];

/** Whether two sets of rules rank any member differently: a threshold differs. */
export const rankRulesDiffer = (a: RuleValues, b: RuleValues) => RANK_RULE_KEYS.some((key) => a[key] !== b[key]);

/**
 * The tail of both passes: from `member` (id, star, lv, v_lv as stored, and stake: the member's own active stake,
 * null when they hold none) and `team` (user_id, valid_directs, team_stake: the active stake of the three
 * generations below, for members with a valid member there), the ranks of the members in `ranking` (a relation
 * over `member`, aliased m) where they differ from the stored.
 * - star: valid direct referrals, at most 5.
 * - lv: the highest level whose valid-direct and team-stake thresholds the member meets; valid members only.
 * - v_lv: the highest V level whose threshold the member's own active stake reaches.
 */
function movedRanks(rules: RuleValues, ranking: SQL = sql`member m`): SQL {
  const lv = highest(RANKS, (r) => sql`t.valid_directs >= ${num(rules[`rank.${r}.directs`])} and t.team_stake >= ${num(wldOf(rules[`rank.${r}.team_stake`]))}`);
  const vLv = highest(V_LEVELS, (v) => sql`m.stake >= ${num(wldOf(rules[`v.${v}.stake`]))}`);
  return sql`
    ranked as (
      select m.id, m.star as old_star, m.lv as old_lv, m.v_lv as old_v_lv,
             least(coalesce(t.valid_directs, 0), 5)::int as star,
             (case when m.stake is null or t.user_id is null then 0 else ${lv} end)::int as lv,
             (case when m.stake is null then 0 else ${vLv} end)::int as v_lv
      from ${ranking}
      left join team t on t.user_id = m.id
    )
    select id, star, lv, v_lv from ranked where (old_star, old_lv, old_v_lv) is distinct from (star, lv, v_lv)`;
}

/**
 * `team` from `member` (id, inviter_id, stake), generation by generation: a member's team is right when their
 * children, grandchildren and great-grandchildren are all in `member` (every member, or the walk below the
 * affected members).
 */
const teams = sql`
    g1 as (
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
      -- (the members' stakes are added up once per generation, not once per ancestor pair)
      select coalesce(g1.user_id, g2.user_id, g3.user_id) as user_id, coalesce(g1.valid_directs, 0) as valid_directs,
             coalesce(g1.stake, 0) + coalesce(g2.stake, 0) + coalesce(g3.stake, 0) as team_stake
      from g1 full join g2 on g2.user_id = g1.user_id full join g3 on g3.user_id = coalesce(g1.user_id, g2.user_id)
    )`;

/** Gathers the moved ranks into `job_ranks` and writes them by key. Returns how many members' ranks moved. */
async function writeMoved(tx: Tx, gather: SQL): Promise<number> {
  await tx.execute(sql`drop table if exists job_ranks`);
  await tx.execute(sql`create temp table job_ranks on commit drop as ${gather}`);
  await tx.execute(sql`analyze job_ranks`);
  return setRanks(tx, 'job_ranks');
}

/**
 * Recomputes every member's star, community level (lv) and V level (v_lv) from the referral tree and the
 * stakes members hold (active, or in their redemption window: docs/rewards.md), and writes only the rows that change. Returns how many.
 * The changes are gathered first (one pass over the members) and then written by key, so a day on which no
 * rank moves reads the tree once and rewrites no member row. `heldStakes` is the staking domain's relation of
 * held stakes (user_id, amount): rewards rank below staking and read its stakes only through it.
 */
export async function recomputeRanks(tx: Tx, rules: RuleValues, heldStakes: SQL): Promise<number> {
  return writeMoved(
    tx,
    sql`
    with own as (
      -- summed from the stakes in member order (a stream), not through a hash table of a million numeric sums
      -- (several times the memory and the time: docs/decisions.md, "a member's own stake for the ranks")
      select user_id, sum(amount) as stake from (select user_id, amount from ${heldStakes} a order by user_id) s
      group by user_id
    ), member as materialized (
      -- every member once, with their inviter, ranks and own stake: users is read once, and each generation
      -- below walks this narrow copy (not users, not the three-times larger user_ancestors)
      select u.id, u.inviter_id, u.star, u.lv, u.v_lv, o.stake from ${memberLines} u left join own o on o.user_id = u.id
    ), ${teams}, ${movedRanks(rules)}`,
  );
}

/**
 * The same ranks, recomputed only for the members a change of stakes can move: the members in `changedMembers` (a
 * relation with user_id: members whose held stakes changed since the last pass) and the three generations above
 * each (`user_ancestors`), whose valid directs or team stake include theirs. Nothing else reads or moves a rank
 * (binding happens only at registration, with no stake), so under the same rules every other member's stored ranks
 * are already what a full pass would give. Their teams are walked down from them three generations by inviter
 * (each member once, however many affected members above them), then summed as the full pass sums every member.
 * Returns how many members' ranks moved, or null, having written nothing, when the walk reached more than
 * `walkLimit` members: then a full pass is cheaper.
 */
export async function recomputeRanksOf(tx: Tx, rules: RuleValues, heldStakes: SQL, changedMembers: SQL, walkLimit: number): Promise<number | null> {
  await tx.execute(sql`drop table if exists rank_walk`);
  // level 0: the affected members; level k: the members k generations below one of them
  await tx.execute(sql`
    create temp table rank_walk on commit drop as
    with changed as (select distinct user_id from ${changedMembers} c)
    select user_id as id, 0 as level from changed
    union
    select a.ancestor_id, 0 from ${memberAncestry} a join changed c on c.user_id = a.user_id`);
  let walked = 0;
  for (let level = 0; level <= 3; level++) {
    const [count] = await rowsOf<{ n: number }>(
      tx,
      level === 0
        ? sql`select count(*)::int as n from rank_walk`
        : sql`
        with below as (
          insert into rank_walk (id, level)
          select u.id, ${level}::int from ${memberLines} u join rank_walk w on w.level = ${level - 1}::int and u.inviter_id = w.id
          returning 1
        ) select count(*)::int as n from below`,
    );
    walked += count?.n ?? 0;
    if (walked > walkLimit) return null;
    await tx.execute(sql`analyze rank_walk`);
  }
  return writeMoved(
    tx,
    sql`
    with node as (
      select distinct id from rank_walk
    ), own as (
      select s.user_id, sum(s.amount) as stake from ${heldStakes} s join node n on n.id = s.user_id group by s.user_id
    ), member as materialized (
      select u.id, u.inviter_id, u.star, u.lv, u.v_lv, o.stake from ${memberLines} u join node n on n.id = u.id left join own o on o.user_id = u.id
    ), ${teams}, ${movedRanks(rules, sql`member m join rank_walk a on a.id = m.id and a.level = 0`)}`,
  );
}
