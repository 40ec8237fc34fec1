/** The generations above a staker that earn on their dividends: 1 (the inviter), 2 (theirs) and 3 (theirs). */
export const GENERATIONS = [1, 2, 3] as const;
export type Generation = (typeof GENERATIONS)[number];
/** One value per generation, 1 to 3. */
export type PerGeneration<T> = readonly [T, T, T];

/** What one dividend pays up its line: generation 1's direct reward and each generation's team reward. */
export type DividendRewards<N> = { g1Direct: N; g1Team: N; g2Team: N; g3Team: N };

/** The arithmetic the rule is written in: bigints for the forecasts (line.ts), SQL for the daily job (pay-sql.ts). */
export type Arithmetic<N> = {
  zero: N;
  plus: (a: N, b: N) => N;
  minus: (a: N, b: N) => N;
  max: (a: N, b: N) => N;
  /** floor(amount × percent / 100) */
  share: (amount: N, percent: N) => N;
};

/** The rule's terms over the members `M` of a line, in the arithmetic of `N`, under the rules in force. */
export type RewardTerms<M, N> = Arithmetic<N> & {
  /** `value` when the member earns (a valid member), else zero; zero too where the line has ended */
  ifEarns: (member: M, value: N) => N;
  /** generation g's percent */
  generationPercent: (g: Generation) => N;
  /** the bonus percent of the member's level; zero for a member without one */
  levelBonus: (member: M) => N;
};

/*
 * The referral reward rule (docs/rewards.md), written once for every arithmetic, so the forecasts and the pay
 * statement cannot drift apart. It is split in the steps the pay statement keeps as columns (each dividend's row
 * records the rates and the differentials it paid by): the line's rates and bonuses, the differentials, the shares.
 */

/** Each generation's percent: its generation's, when it earns. */
export const generationRates = <M, N>(t: RewardTerms<M, N>, [m1, m2, m3]: PerGeneration<M>): PerGeneration<N> => [
  t.ifEarns(m1, t.generationPercent(1)),
  t.ifEarns(m2, t.generationPercent(2)),
  t.ifEarns(m3, t.generationPercent(3)),
];

/** Each generation's level bonus, when it earns. */
export const levelBonuses = <M, N>(t: RewardTerms<M, N>, line: PerGeneration<M>): PerGeneration<N> => [
  t.ifEarns(line[0], t.levelBonus(line[0])),
  t.ifEarns(line[1], t.levelBonus(line[1])),
  t.ifEarns(line[2], t.levelBonus(line[2])),
];

/**
 * Each generation's differential: its level bonus over the highest bonus below it on the line (generation 1: all of
 * its own).
 */
export const differentials = <N>(t: Arithmetic<N>, [r1, r2, r3]: PerGeneration<N>): PerGeneration<N> => [
  r1,
  t.max(t.minus(r2, r1), t.zero),
  t.max(t.minus(r3, t.max(r1, r2)), t.zero),
];

/**
 * What a dividend of `amount` pays each generation from its rate and its differential: generation 1 its rate as a
 * direct reward and its differential as a team reward, generations 2 and 3 both as a team reward.
 */
export const rewardShares = <N>(t: Arithmetic<N>, amount: N, rates: PerGeneration<N>, bonuses: PerGeneration<N>): DividendRewards<N> => ({
  g1Direct: t.share(amount, rates[0]),
  g1Team: t.share(amount, bonuses[0]),
  g2Team: t.share(amount, t.plus(rates[1], bonuses[1])),
  g3Team: t.share(amount, t.plus(rates[2], bonuses[2])),
});
