import { asc, desc } from 'drizzle-orm';
import { parseUnits } from 'viem';
import { type Clock, nextUtcDay } from '../clock';
import type { Queryable } from '../db/client';
import { AMOUNT_BOUNDS, parseAmount } from '../../lib/money';
import { ruleChanges } from './tables';

/** The four community levels (users.lv), lowest first. */
export const RANKS = [10, 20, 30, 40] as const;
export type Rank = (typeof RANKS)[number];
/** V levels 1..5 (users.v_lv), from the member's own active stake. */
export const V_LEVELS = [1, 2, 3, 4, 5] as const;

type Kind = 'percent' | 'count' | 'wld';
/** A rule's value as typed, stored as it is: so it has no spaces to trim (a WLD amount: AMOUNT_BOUNDS.setting). */
const VALID: Record<Kind, (value: string) => boolean> = {
  percent: (v) => /^(100|\d{1,2}(\.\d{1,4})?)$/.test(v),
  count: (v) => /^\d{1,7}$/.test(v),
  wld: (v) => v === v.trim() && parseAmount(v, AMOUNT_BOUNDS.setting).ok,
};
const HINTS: Record<Kind, string> = { percent: 'a percent from 0 to 100 such as 2.5', count: 'a whole number', wld: 'an amount of WLD such as 10000' };

/** Every rule with its kind and default (docs/rewards.md). Percents and WLD amounts are exact decimal strings. */
export const RULE_DEFAULTS = {
  'reward.generation.1': ['percent', '10'],
  'reward.generation.2': ['percent', '5'],
  'reward.generation.3': ['percent', '3'],
  'rank.10.directs': ['count', '3'],
  'rank.20.directs': ['count', '5'],
  'rank.30.directs': ['count', '10'],
  'rank.40.directs': ['count', '20'],
  'rank.10.team_stake': ['wld', '0'],
  'rank.20.team_stake': ['wld', '10000'],
  'rank.30.team_stake': ['wld', '50000'],
  'rank.40.team_stake': ['wld', '200000'],
  'rank.10.bonus': ['percent', '1'],
  'rank.20.bonus': ['percent', '2'],
  'rank.30.bonus': ['percent', '3'],
  'rank.40.bonus': ['percent', '4'],
  'v.1.stake': ['wld', '100'],
  'v.2.stake': ['wld', '500'],
  'v.3.stake': ['wld', '1000'],
  'v.4.stake': ['wld', '5000'],
  'v.5.stake': ['wld', '10000'],
} as const satisfies Record<string, readonly [Kind, string]>;

export type RuleKey = keyof typeof RULE_DEFAULTS;
export type RuleValues = Record<RuleKey, string>;
export const isRuleKey = (key: string): key is RuleKey => key in RULE_DEFAULTS;

const defaults = (): RuleValues => Object.fromEntries(Object.entries(RULE_DEFAULTS).map(([k, [, v]]) => [k, v])) as RuleValues;

/** The rules in force over time: each entry holds from `from` until the next entry's `from`. */
export type RuleTimeline = { from: Date; values: RuleValues }[];

export async function ruleTimeline(db: Queryable): Promise<RuleTimeline> {
  const changes = await db.select().from(ruleChanges).orderBy(asc(ruleChanges.effectiveAt), asc(ruleChanges.id));
  const timeline: RuleTimeline = [{ from: new Date(0), values: defaults() }];
  for (const change of changes) {
    if (!isRuleKey(change.key)) continue;
    const last = timeline[timeline.length - 1]!;
    const values = { ...last.values, [change.key]: change.value };
    if (last.from.getTime() === change.effectiveAt.getTime()) last.values = values;
    else timeline.push({ from: change.effectiveAt, values });
  }
  return timeline;
}

export function rulesAt(timeline: RuleTimeline, at: Date): RuleValues {
  let values = timeline[0]!.values;
  for (const entry of timeline) if (entry.from.getTime() <= at.getTime()) values = entry.values;
  return values;
}

export const wldOf = (value: string) => parseUnits(value, 18);

/** Higher levels must ask at least as much and pay at least as much as lower ones, or the differential breaks. */
function monotonicProblem(values: RuleValues): string | null {
  const series: [string, (n: number) => RuleKey, (v: string) => bigint][] = [
    ['directs', (r) => `rank.${r}.directs` as RuleKey, BigInt],
    ['team_stake', (r) => `rank.${r}.team_stake` as RuleKey, wldOf],
    ['bonus', (r) => `rank.${r}.bonus` as RuleKey, (v) => parseUnits(v, 4)],
  ];
  for (const [name, keyOf, read] of series) {
    const list = RANKS.map((r) => read(values[keyOf(r)]));
    if (list.some((v, i) => i > 0 && v < list[i - 1]!)) return `rank.*.${name} must not decrease from level 10 to 40`;
  }
  const v = V_LEVELS.map((l) => wldOf(values[`v.${l}.stake` as RuleKey]));
  if (v.some((x, i) => i > 0 && x < v[i - 1]!)) return 'v.*.stake must not decrease from V1 to V5';
  return null;
}

/**
 * Records an operator's change of one rule; it applies from the next UTC day (so a rate changed mid-day
 * never splits a day). Refuses unknown keys, malformed values and thresholds that would decrease by level.
 */
export async function changeRule(db: Queryable, clock: Clock, key: string, value: string) {
  if (!isRuleKey(key)) throw new Error(`unknown rule ${key}; known: ${Object.keys(RULE_DEFAULTS).join(', ')}`);
  const kind = RULE_DEFAULTS[key][0];
  if (!VALID[kind](value)) throw new Error(`${key}: ${HINTS[kind]}`);
  const now = clock.now();
  const effectiveAt = nextUtcDay(now);
  const after = { ...rulesAt(await ruleTimeline(db), effectiveAt), [key]: value };
  const problem = monotonicProblem(after);
  if (problem) throw new Error(problem);
  const [row] = await db.insert(ruleChanges).values({ key, value, changedAt: now, effectiveAt }).returning();
  return row;
}

/** Every change an operator made, newest first. */
export async function ruleHistory(db: Queryable) {
  return db.select().from(ruleChanges).orderBy(desc(ruleChanges.id));
}

/** Every rule: the value in force now, the one from the next UTC day when a change is pending, and the default (the operator's list). */
export async function rulesNow(db: Queryable, clock: Clock) {
  const timeline = await ruleTimeline(db);
  const now = clock.now();
  const today = rulesAt(timeline, now);
  const tomorrow = rulesAt(timeline, nextUtcDay(now));
  return (Object.keys(RULE_DEFAULTS) as RuleKey[]).map((key) => ({
    key,
    value: today[key],
    ...(tomorrow[key] !== today[key] ? { fromTomorrow: tomorrow[key] } : {}),
    default: RULE_DEFAULTS[key][1] as string,
  }));
}
