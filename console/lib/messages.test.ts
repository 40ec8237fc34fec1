import { describe, expect, it } from 'vitest';
import en from '../messages/en.json';
import zhCN from '../messages/zh-CN.json';

const keys = (tree: unknown, prefix = ''): string[] =>
  tree && typeof tree === 'object' ? Object.entries(tree).flatMap(([k, v]) => keys(v, `${prefix}${k}.`)) : [prefix.slice(0, -1)];

describe("the console's messages", () => {
  it('has the same keys in zh-CN and en, none empty', () => {
    expect(keys(zhCN).sort()).toEqual(keys(en).sort());
    for (const tree of [zhCN, en]) for (const key of keys(tree)) expect(key.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], tree)).not.toBe('');
  });
});
