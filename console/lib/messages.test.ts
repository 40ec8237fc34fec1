import { describe, expect, it } from 'vitest';
import en from '../messages/en.json';
import zhCN from '../messages/zh-CN.json';
import type { StakeStatus } from '../../lib/api/replies';
import type { Payout } from '../../lib/console-api/replies';

const STAKE_STATUSES: StakeStatus[] = ['active', 'expired', 'redeemed', 'renewed'];
const PAYOUT_STATES: Payout['state'][] = ['awaiting-approval', 'not-paid', 'waiting', 'sent', 'paid', 'flagged'];

const keys = (tree: unknown, prefix = ''): string[] =>
  tree && typeof tree === 'object' ? Object.entries(tree).flatMap(([k, v]) => keys(v, `${prefix}${k}.`)) : [prefix.slice(0, -1)];

describe("the console's messages", () => {
  it('has the same keys in zh-CN and en, none empty', () => {
    expect(keys(zhCN).sort()).toEqual(keys(en).sort());
    for (const tree of [zhCN, en])
      for (const key of keys(tree)) expect(key.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], tree)).not.toBe('');
  });
});

describe("the console's words for the server's states", () => {
  it('names every stake status and every payout state in both languages', () => {
    for (const tree of [zhCN, en]) {
      for (const status of STAKE_STATUSES) expect(tree.common.stakeStatuses[status]).toBeTruthy();
      for (const state of PAYOUT_STATES) expect(tree.withdrawals.payoutStates[state]).toBeTruthy();
    }
    expect(zhCN.common.stakeStatuses.redeemed).not.toMatch(/[a-z]/i);
  });
});
