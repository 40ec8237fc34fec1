import { scaleUnits } from '../../lib/dividend';
import { RANKS, type RuleValues } from './rules';

/** A member of a staker's line as the daily job reads it: their community level and whether they hold an active stake. */
export type LineMember = { lv: number; valid: boolean };
/** Generations 1–3 above a staker (the inviter, theirs, theirs); null where the line ends. */
export type Line = readonly [LineMember | null, LineMember | null, LineMember | null];
/** What one dividend pays up its line: generation 1's direct reward and each generation's team reward. */
export type DividendRewards = { g1Direct: bigint; g1Team: bigint; g2Team: bigint; g3Team: bigint };

const PERCENT = 100n * scaleUnits('1');
/** floor(amount × percent / 100) for percents in 1/10 000 units: the job's `div(amount * percent, 100)`. */
const share = (amount: bigint, units: bigint) => (amount * units) / PERCENT;
const bonusOf = (m: LineMember | null, rules: RuleValues) =>
  m?.valid && (RANKS as readonly number[]).includes(m.lv) ? scaleUnits(rules[`rank.${m.lv as (typeof RANKS)[number]}.bonus`]) : 0n;
const rateOf = (m: LineMember | null, rules: RuleValues, g: 1 | 2 | 3) => (m?.valid ? scaleUnits(rules[`reward.generation.${g}`]) : 0n);
const max = (a: bigint, b: bigint) => (a > b ? a : b);

/**
 * The referral rewards one dividend of `amount` pays up its staker's line under `rules` (docs/rewards.md), the same
 * rule and rounding as the daily job's pay statement (staking/pay-day.ts): only valid members earn; generation g
 * earns its generation's percent and the differential of its level's bonus over the highest bonus below it on the
 * line; each floor(amount × percent / 100). For forecasts (the reserves): the job itself pays in SQL, and
 * server/test/reserves.test.ts checks the two agree on what the job then pays.
 */
export function rewardsOnDividend(amount: bigint, line: Line, rules: RuleValues): DividendRewards {
  const [m1, m2, m3] = line;
  const [r1, r2, r3] = [bonusOf(m1, rules), bonusOf(m2, rules), bonusOf(m3, rules)];
  return {
    g1Direct: share(amount, rateOf(m1, rules, 1)),
    g1Team: share(amount, r1),
    g2Team: share(amount, rateOf(m2, rules, 2) + max(r2 - r1, 0n)),
    g3Team: share(amount, rateOf(m3, rules, 3) + max(r3 - max(r1, r2), 0n)),
  };
}

/** The sum of a dividend's rewards. */
export const rewardsTotal = (r: DividendRewards) => r.g1Direct + r.g1Team + r.g2Team + r.g3Team;
