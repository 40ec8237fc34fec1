import { scaleUnits } from '../../lib/dividend';
import { type DividendRewards, type PerGeneration, type RewardTerms, differentials, generationRates, levelBonuses, rewardShares } from './reward-rule';
import { RANKS, type Rank, type RuleValues } from './rules';

/** A member of a staker's line as the daily job reads it: their community level and whether they hold an active stake. */
export type LineMember = { lv: number; valid: boolean };
/** Generations 1–3 above a staker (the inviter, theirs, theirs); null where the line ends. */
export type Line = PerGeneration<LineMember | null>;

const PERCENT = 100n * scaleUnits('1');
const isRank = (lv: number): lv is Rank => (RANKS as readonly number[]).includes(lv);

/** The rule's terms in bigints: percents in 1/10 000 units, each share floor(amount × percent / 100) as the job's. */
const bigintTerms = (rules: RuleValues): RewardTerms<LineMember | null, bigint> => ({
  zero: 0n,
  plus: (a, b) => a + b,
  minus: (a, b) => a - b,
  max: (a, b) => (a > b ? a : b),
  share: (amount, units) => (amount * units) / PERCENT,
  ifEarns: (m, value) => (m?.valid ? value : 0n),
  generationPercent: (g) => scaleUnits(rules[`reward.generation.${g}`]),
  levelBonus: (m) => (m && isRank(m.lv) ? scaleUnits(rules[`rank.${m.lv}.bonus`]) : 0n),
});

/**
 * The referral rewards one dividend of `amount` pays up its staker's line under `rules` (docs/rewards.md): the rule
 * of reward-rule.ts, which the daily job's pay statement computes in SQL (pay-sql.ts). For forecasts (the
 * reserves): the job itself pays in SQL, and server/test/reserves.test.ts checks the two agree on what it pays.
 */
export function rewardsOnDividend(amount: bigint, line: Line, rules: RuleValues): DividendRewards<bigint> {
  const t = bigintTerms(rules);
  return rewardShares(t, amount, generationRates(t, line), differentials(t, levelBonuses(t, line)));
}

/** The sum of a dividend's rewards. */
export const rewardsTotal = (r: DividendRewards<bigint>) => r.g1Direct + r.g1Team + r.g2Team + r.g3Team;
