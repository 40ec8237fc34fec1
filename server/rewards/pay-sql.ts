import { type SQL, sql } from 'drizzle-orm';
import {
  type Arithmetic,
  type Generation,
  GENERATIONS,
  type PerGeneration,
  type RewardTerms,
  differentials,
  generationRates,
  levelBonuses,
  rewardShares,
} from './reward-rule';
import { RANKS, type Rank, type RuleTimeline, type RuleValues } from './rules';

/*
 * The reward rule (reward-rule.ts) as SQL fragments for the daily job's pay statement (staking/pay-day.ts), which
 * places them in its own statement, as it places the ledger's posts (ledger/set-posts.ts).
 */

/** A rates row's columns: g1..g3 the generations' percents, b10..b40 the levels' bonuses. */
export type RateColumn = `g${Generation}` | `b${Rank}`;
export type RateValues = Record<RateColumn, string>;
const RATE_COLUMNS: RateColumn[] = [...GENERATIONS.map((g) => `g${g}` as const), ...RANKS.map((r) => `b${r}` as const)];
/** A rates row's columns with their types, for the rows read from JSON. */
const RATE_ROW = ['from_at timestamptz', 'to_at timestamptz', ...RATE_COLUMNS.map((c) => `${c} numeric`)].join(', ');

/** The rates a rule entry sets, by their column names. */
export const rateValues = (values: RuleValues): RateValues =>
  Object.fromEntries([
    ...GENERATIONS.map((g) => [`g${g}`, values[`reward.generation.${g}`]]),
    ...RANKS.map((r) => [`b${r}`, values[`rank.${r}.bonus`]]),
  ]) as RateValues;

/** The rates in force over time, as rows SQL can join a dividend's due time against. */
const rateRows = (timeline: RuleTimeline) =>
  timeline.map((entry, i) => ({
    from_at: entry.from.toISOString(),
    to_at: timeline[i + 1]?.from.toISOString() ?? 'infinity',
    ...rateValues(entry.values),
  }));

/**
 * The rates a pay statement's dividends earn by: `relations`, the statement's first common table expressions (each
 * followed by a comma; none when fixed); `perDividend`, joined to the dividends `d`, each one's rates row `r`
 * (nothing when fixed); `of`, a rate's value in the statement.
 */
export type PayRates = { relations: SQL; perDividend: SQL; of: (column: RateColumn) => SQL };

/**
 * `fixed`: the rates of every dividend of the statement (the caller knows one entry of the timeline holds them all),
 * as constants. Otherwise each dividend looks its rates up in the timeline by its due time (`due_at`): one rates row
 * per dividend (the timeline covers all time), through a lateral, so the dividends are not materialized for a nested
 * loop over the rates; the rates are materialized, or the planner may parse the timeline's JSON once per dividend.
 */
export function payRates(timeline: RuleTimeline, fixed: RateValues | null): PayRates {
  if (fixed) return { relations: sql``, perDividend: sql``, of: (column) => sql`${fixed[column]}::numeric` };
  return {
    relations: sql`rates as materialized (
      select * from jsonb_to_recordset(${JSON.stringify(rateRows(timeline))}::jsonb)
        as r(${sql.raw(RATE_ROW)})
    ), `,
    perDividend: sql`cross join lateral (
        select * from rates r where d.due_at >= r.from_at and d.due_at < r.to_at limit 1) r`,
    of: (column) => sql.raw(`r.${column}`),
  };
}

/**
 * The rule's arithmetic in SQL over numeric columns and constants; `div`, not floor(x / 100): numeric division rounds
 * its quotient to a few decimals first, so it could pay 1 wei more.
 */
const sqlArithmetic: Arithmetic<SQL> = {
  zero: sql`0`,
  plus: (a, b) => sql`(${a} + ${b})`,
  minus: (a, b) => sql`${a} - ${b}`,
  max: (a, b) => sql`greatest(${a}, ${b})`,
  share: (amount, percent) => sql`div(${amount} * ${percent}, 100)`,
};

/** The rule's terms over a member relation's alias (columns lv and valid; no row where the line has ended). */
const sqlTerms = (rates: PayRates): RewardTerms<SQL, SQL> => ({
  ...sqlArithmetic,
  ifEarns: (m, value) => sql`case when ${m}.valid then ${value} else 0 end`,
  generationPercent: (g) => rates.of(`g${g}`),
  levelBonus: (m) =>
    sql`(case ${m}.lv ${sql.join(
      RANKS.map((r) => sql`when ${sql.raw(String(r))} then ${rates.of(`b${r}`)}`),
      sql` `,
    )} else 0 end)`,
});

const column = (name: string) => sql.raw(name);
/** The statement's names of one thing per generation, as SQL. */
const columns = (of: (g: Generation) => string): PerGeneration<SQL> => [column(of(1)), column(of(2)), column(of(3))];
/** The statement's names: the line's members, their level bonuses, rates and differentials. */
const MEMBERS = columns((g) => `m${g}`);
const BONUSES = columns((g) => `r${g}`);
const RATES = columns((g) => `g${g}_rate`);
const DIFFERENTIALS = columns((g) => `g${g}_bonus`);

/**
 * `line` and `earned`: each row of `dividends` (columns p1, the staker's inviter, and due_at, the dividend's due
 * time) with its line up three generations read from `members` (a relation of the members who may earn: user_id,
 * inviter_id, lv, valid), each generation's id (p2, p3), rate (g1_rate..g3_rate) and level bonus (r1..r3), then
 * `earned` adds each one's differential (g1_bonus..g3_bonus): reward-rule.ts, with the rates of `rates`.
 */
export function rewardsUpLine(p: { dividends: SQL; members: string; rates: PayRates }): SQL {
  const t = sqlTerms(p.rates);
  const [g1, g2, g3] = generationRates(t, MEMBERS);
  const [r1, r2, r3] = levelBonuses(t, MEMBERS);
  const [b1, b2, b3] = differentials(t, BONUSES);
  const members = column(p.members);
  return sql`line as (
      select d.*, m1.inviter_id as p2, m2.inviter_id as p3,
             ${g1} as g1_rate,
             ${g2} as g2_rate,
             ${g3} as g3_rate,
             (${r1}) as r1, (${r2}) as r2, (${r3}) as r3
      from ${p.dividends} d
      ${p.rates.perDividend}
      left join ${members} m1 on m1.user_id = d.p1
      left join ${members} m2 on m2.user_id = m1.inviter_id
      left join ${members} m3 on m3.user_id = m2.inviter_id
    ), earned as (
      select l.*, ${b1} as g1_bonus, ${b2} as g2_bonus, ${b3} as g3_bonus from line l
    )`;
}

/**
 * The reward columns of a `dividends` row, over a relation `earned` names (rewardsUpLine) whose dividend amount is
 * `amount`: each generation's id, rate, differential and shares (reward-rule.ts).
 */
export function rewardColumns(amount: string): SQL {
  const shares = rewardShares(sqlArithmetic, column(amount), RATES, DIFFERENTIALS);
  return sql`p1 as g1_id, g1_rate, g1_bonus, ${shares.g1Direct} as g1_direct, ${shares.g1Team} as g1_team,
             p2 as g2_id, g2_rate, g2_bonus, ${shares.g2Team} as g2_team,
             p3 as g3_id, g3_rate, g3_bonus, ${shares.g3Team} as g3_team`;
}
