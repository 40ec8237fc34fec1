import { sql } from 'drizzle-orm';
import { type Tx, rowsOf } from '../db/client';
import { type RuleTimeline, RANKS } from './rules';

/**
 * The dividends a job round has just paid, which the rewards step reads: a temporary table of the
 * transaction (never written to disk's WAL), filled by the dividend step and emptied after each round.
 */
export async function prepareRoundDividends(tx: Tx) {
  await tx.execute(sql`
    create temp table if not exists job_dividends (
      stake_id int not null, day int not null, user_id int not null,
      principal numeric not null, scale numeric not null, amount numeric not null, due_at timestamptz not null
    ) on commit drop`);
  await tx.execute(sql`truncate job_dividends`);
}

/** The rates in force over time, as rows SQL can join a dividend's due time against. */
function rateRows(timeline: RuleTimeline) {
  return timeline.map((entry, i) => ({
    from_at: entry.from.toISOString(),
    to_at: timeline[i + 1]?.from.toISOString() ?? 'infinity',
    g1: entry.values['reward.generation.1'],
    g2: entry.values['reward.generation.2'],
    g3: entry.values['reward.generation.3'],
    ...Object.fromEntries(RANKS.map((r) => [`b${r}`, entry.values[`rank.${r}.bonus`]])),
  }));
}

export type RewardRound = { runId: number; round: number; now: string; timeline: RuleTimeline };

/**
 * Pays the referral rewards of the dividends in job_dividends (docs/rewards.md), set-based:
 * - generation 1 (the inviter) earns `reward.generation.1` % of the dividend as a direct reward;
 *   generations 2 and 3 earn theirs as team rewards;
 * - each ancestor also earns, as a team reward, the differential of its community level's bonus over the
 *   highest bonus a valid member below it on the line already earns;
 * - only valid members (holding an active stake when the job runs) earn; the rates are those in force when
 *   the dividend fell due, so a rate changed mid-day applies from the next day.
 * One rewards row per source (stake, day), never twice; one ledger entry per beneficiary and kind per round,
 * credited to the balance in the same statement. Returns the number of rewards (beneficiary, kind) paid.
 */
export async function payRewards(tx: Tx, { runId, round, now, timeline }: RewardRound): Promise<number> {
  await tx.execute(sql`analyze job_dividends`);
  await tx.execute(sql`drop table if exists job_members`);
  await tx.execute(sql`
    create temp table job_members on commit drop as
    select u.id as user_id, u.lv,
           exists (select 1 from stakes s where s.user_id = u.id and s.status = 'active') as valid
    from users u
    where u.id in (select a.ancestor_id from user_ancestors a join job_dividends d on d.user_id = a.user_id)`);
  await tx.execute(sql`analyze job_members`);
  const bonusOf = (m: string) =>
    sql.raw(`(case when ${m}.valid then (case ${m}.lv ${RANKS.map((r) => `when ${r} then s.b${r}`).join(' ')} else 0 end) else 0 end)`);
  const [paid] = await rowsOf<{ n: number }>(tx, sql`
    with rates as (
      select * from jsonb_to_recordset(${JSON.stringify(rateRows(timeline))}::jsonb)
        as r(from_at timestamptz, to_at timestamptz, g1 numeric, g2 numeric, g3 numeric, b10 numeric, b20 numeric, b30 numeric, b40 numeric)
    ), line as (
      select d.stake_id, d.day, d.user_id, d.principal, d.scale, d.amount,
             a1.ancestor_id as p1, a2.ancestor_id as p2, a3.ancestor_id as p3,
             case when m1.valid then s.g1 else 0 end as g1_rate,
             case when m2.valid then s.g2 else 0 end as g2_rate,
             case when m3.valid then s.g3 else 0 end as g3_rate,
             ${bonusOf('m1')} as r1, ${bonusOf('m2')} as r2, ${bonusOf('m3')} as r3
      from job_dividends d
      join rates s on d.due_at >= s.from_at and d.due_at < s.to_at
      join user_ancestors a1 on a1.user_id = d.user_id and a1.depth = 1
      left join user_ancestors a2 on a2.user_id = d.user_id and a2.depth = 2
      left join user_ancestors a3 on a3.user_id = d.user_id and a3.depth = 3
      left join job_members m1 on m1.user_id = a1.ancestor_id
      left join job_members m2 on m2.user_id = a2.ancestor_id
      left join job_members m3 on m3.user_id = a3.ancestor_id
    ), earned as (
      select l.*, r1 as g1_bonus, greatest(r2 - r1, 0) as g2_bonus, greatest(r3 - greatest(r1, r2), 0) as g3_bonus
      from line l
    ), amounts as (
      select e.*,
             floor(amount * g1_rate / 100) as g1_direct, floor(amount * g1_bonus / 100) as g1_team,
             floor(amount * (g2_rate + g2_bonus) / 100) as g2_team, floor(amount * (g3_rate + g3_bonus) / 100) as g3_team
      from earned e
    ), inserted as (
      insert into rewards (stake_id, day, source_user_id, source_amount, scale, dividend, paid_at,
                           g1_id, g1_rate, g1_bonus, g1_direct, g1_team, g2_id, g2_rate, g2_bonus, g2_team, g3_id, g3_rate, g3_bonus, g3_team)
      select stake_id, day, user_id, principal, scale, amount, ${now}::timestamptz,
             p1, g1_rate, g1_bonus, g1_direct, g1_team, p2, g2_rate, g2_bonus, g2_team, p3, g3_rate, g3_bonus, g3_team
      from amounts
      where g1_direct + g1_team + g2_team + g3_team > 0
      on conflict do nothing
      returning g1_id, g1_direct, g1_team, g2_id, g2_team, g3_id, g3_team
    ), earnings as (
      select x.user_id, x.kind, x.amount
      from inserted i
      cross join lateral (values (i.g1_id, 'direct', i.g1_direct), (i.g1_id, 'team', i.g1_team), (i.g2_id, 'team', i.g2_team), (i.g3_id, 'team', i.g3_team))
        as x(user_id, kind, amount)
      where x.amount > 0
    ), entries as (
      insert into ledger_entries (user_id, type, amount, idempotency_key, created_at)
      select user_id, 'reward-' || kind, sum(amount), 'reward-' || kind || ':' || user_id || ':' || ${`${runId}.${round}`}, ${now}::timestamptz
      from earnings group by user_id, kind
      on conflict (idempotency_key) do nothing
      returning user_id, amount
    ), credited as (
      update balances b set amount = b.amount + x.total
      from (select user_id, sum(amount) as total from entries group by user_id) x
      where b.user_id = x.user_id
      returning b.user_id
    )
    select (select count(*) from earnings)::int as n, (select count(*) from credited) as c`);
  return paid?.n ?? 0;
}
