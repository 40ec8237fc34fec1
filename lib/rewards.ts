import type { GenerationCount, RewardKind, RewardSummary, TeamSummary } from './api/replies';

/** The reward ledgers of RewardDetail, as its tabs and `getRewardList`'s `type`. */
export const REWARD_KINDS = ['direct', 'team'] as const satisfies readonly RewardKind[];
/** The three referral generations (spec section 9), as Community's tabs and `getTeamList`'s `generation`. */
export const GENERATIONS = ['1', '2', '3'] as const satisfies readonly GenerationCount['generation'][];
export type Generation = (typeof GENERATIONS)[number];

const isRewardKind = (value: string | null): value is RewardKind => (REWARD_KINDS as readonly (string | null)[]).includes(value);

/** The ledger a link to RewardDetail asks for (`?type=team`); direct when it names none or an unknown one. */
export function rewardKindOf(search: string): RewardKind {
  const type = new URLSearchParams(search).get('type');
  return isRewardKind(type) ? type : 'direct';
}

/** The link from Reward to one ledger of RewardDetail. */
export const rewardDetailPath = (kind: RewardKind) => `/reward/detail?type=${kind}`;

/** Everything earned, direct and team, in base units. */
export const rewardTotal = (summary: Pick<RewardSummary, 'direct_total' | 'team_total'>) => BigInt(summary.direct_total) + BigInt(summary.team_total);

/** Generations 1 to 3 in order, whatever order the server sent; one it left out counts zero. */
export function generationCounts(summary: Pick<TeamSummary, 'generations'>): GenerationCount[] {
  return GENERATIONS.map((generation) => summary.generations.find((g) => g.generation === generation) ?? { generation, count: '0', valid_count: '0' });
}
