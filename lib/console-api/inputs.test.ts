import { describe, expect, it } from 'vitest';
import { AMOUNT_BOUNDS, parseAmount } from '../money';
import { setApprovalThreshold, setWalletMinimum } from './inputs';

const TYPED = [
  '100',
  '0.5',
  ' 7 ',
  '0',
  '999999999999.999999999999999999',
  '0000000000001',
  '1000000000000',
  '1.',
  '.5',
  '-1',
  '1e3',
  '1,000',
  '0.0000000000000000001',
  '',
];

describe("the console's WLD amounts", () => {
  it('accepts exactly what lib/money.ts parseAmount accepts for a setting', () => {
    for (const amount of TYPED) {
      expect(setWalletMinimum.safeParse({ kind: 'withdraw', amount }).success, amount).toBe(parseAmount(amount, AMOUNT_BOUNDS.setting).ok);
    }
  });

  it('keeps the text the operator typed (trimmed) and says what an amount looks like when refused', () => {
    expect(setApprovalThreshold.parse({ amount: ' 0.5 ' })).toEqual({ amount: '0.5' });
    expect(setApprovalThreshold.safeParse({ amount: '1e3' }).error?.issues[0]?.message).toBe('an amount of WLD such as 100 or 0.5');
  });
});
