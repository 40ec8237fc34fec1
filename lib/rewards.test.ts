import { describe, expect, it } from 'vitest';
import { generationCounts, rewardDetailPath, rewardKindOf, rewardTotal } from './rewards';

describe('RewardDetail tab', () => {
  it('opens the ledger the link names', () => {
    expect(rewardKindOf('?type=team')).toBe('team');
    expect(rewardKindOf('type=direct')).toBe('direct');
  });
  it('falls back to direct without a type or with an unknown one', () => {
    expect(rewardKindOf('')).toBe('direct');
    expect(rewardKindOf('?type=bonus')).toBe('direct');
    expect(rewardKindOf('?type=')).toBe('direct');
  });
  it('round-trips the link Reward builds', () => {
    expect(rewardKindOf(rewardDetailPath('team').split('?')[1] ?? '')).toBe('team');
    expect(rewardDetailPath('direct')).toBe('/reward/detail?type=direct');
  });
});

describe('reward total', () => {
  it('adds direct and team exactly in base units, beyond float precision', () => {
    expect(rewardTotal({ direct_total: '50000000000000001', team_total: '25000000000000001' })).toBe(75000000000000002n);
    expect(rewardTotal({ direct_total: '0', team_total: '0' })).toBe(0n);
  });
});

describe('generation counts', () => {
  it('orders generations 1 to 3', () => {
    const generations = [
      { generation: '3', count: '1', valid_count: '0' },
      { generation: '1', count: '4', valid_count: '2' },
      { generation: '2', count: '2', valid_count: '2' },
    ] as const;
    expect(generationCounts({ generations: [...generations] }).map((g) => [g.generation, g.count])).toEqual([
      ['1', '4'],
      ['2', '2'],
      ['3', '1'],
    ]);
  });
  it('counts a generation the server left out as zero', () => {
    expect(generationCounts({ generations: [{ generation: '1', count: '1', valid_count: '1' }] })).toEqual([
      { generation: '1', count: '1', valid_count: '1' },
      { generation: '2', count: '0', valid_count: '0' },
      { generation: '3', count: '0', valid_count: '0' },
    ]);
  });
});
