import { describe, expect, it, vi } from 'vitest';
import { dailyDividend } from './dividend';
import { AMOUNT_BOUNDS, amountProblemText, amountText, baseUnitsOf, formatAmount, formatFee, formatShortfall, parseAmount } from './money';

const WLD = 10n ** 18n;
const member = AMOUNT_BOUNDS.member;

describe('money', () => {
  it('shows 2 decimals, rounded down, with thousands separators', () => {
    expect(formatAmount(1234n * WLD + 999n * 10n ** 15n)).toBe('1,234.99');
    expect(formatAmount(5n * 10n ** 15n)).toBe('0.00');
    expect(formatAmount(0n)).toBe('0.00');
  });
  it('computes the daily income as amount × percent / 100 with bigint, rounded down for display', () => {
    expect(formatAmount(dailyDividend(100n * WLD, '0.5'))).toBe('0.50');
    expect(formatAmount(dailyDividend(333n * WLD, '0.7'))).toBe('2.33');
    expect(formatAmount(dailyDividend(1n, '0.5'))).toBe('0.00');
  });
  it('formats small fees without float error', () => {
    expect(formatFee(10n ** 15n)).toBe('0.001');
    expect(formatFee(123456789n)).toBe('0');
  });
  it('parses typed amounts exactly to base units', () => {
    expect(parseAmount(' 12.5 ', member)).toEqual({ ok: true, value: 12n * WLD + WLD / 2n });
    expect(parseAmount('0.000000000000000001', member)).toEqual({ ok: true, value: 1n });
    expect(parseAmount('007.10', member)).toEqual({ ok: true, value: 7n * WLD + WLD / 10n });
    expect(parseAmount('1'.padEnd(30, '9'), member).ok).toBe(true);
  });
  it('refuses empty or blank text as required', () => {
    expect(parseAmount('', member)).toEqual({ ok: false, reason: 'required' });
    expect(parseAmount('  \t ', member)).toEqual({ ok: false, reason: 'required' });
  });
  it('refuses what is not plain decimal text: signs, exponents, grouping, inner spaces, a lone point', () => {
    for (const text of ['-1', '+1', '-0', '1e3', '1E3', '.5', '5.', '1,000', '1 000', '0x10', 'abc', '１２', 'NaN', 'Infinity', '1..2']) {
      expect(parseAmount(text, member), text).toEqual({ ok: false, reason: 'invalid' });
    }
  });
  it('refuses more decimals than the token has, even zeros', () => {
    expect(parseAmount('0.' + '1'.repeat(19), member)).toEqual({ ok: false, reason: 'tooPrecise' });
    expect(parseAmount('1.' + '0'.repeat(19), member)).toEqual({ ok: false, reason: 'tooPrecise' });
    expect(parseAmount('1.5', { min: 0n, max: 100n, decimals: 0 })).toEqual({ ok: false, reason: 'tooPrecise' });
  });
  it('keeps each use within its bounds: zero, the maximum and one base unit over it', () => {
    expect(parseAmount('0', member)).toEqual({ ok: false, reason: 'belowMin' });
    expect(parseAmount('0.000', member)).toEqual({ ok: false, reason: 'belowMin' });
    expect(parseAmount('0', AMOUNT_BOUNDS.setting)).toEqual({ ok: true, value: 0n });
    expect(parseAmount('999999999.999999999999999999', AMOUNT_BOUNDS.level)).toEqual({ ok: true, value: AMOUNT_BOUNDS.level.max });
    expect(parseAmount('1000000000', AMOUNT_BOUNDS.level)).toEqual({ ok: false, reason: 'aboveMax' });
    expect(parseAmount('1' + '0'.repeat(30), member)).toEqual({ ok: false, reason: 'aboveMax' });
    expect(parseAmount('0'.repeat(40) + '1', AMOUNT_BOUNDS.setting)).toEqual({ ok: true, value: WLD });
  });
  it('refuses a huge paste before any BigInt of it (its cost: npm run bench:parse-amount)', () => {
    const bigInt = vi.spyOn(globalThis, 'BigInt');
    try {
      expect(parseAmount('9'.repeat(1_000_000), member)).toEqual({ ok: false, reason: 'aboveMax' });
      expect(bigInt.mock.calls.some(([arg]) => typeof arg === 'string' && arg.length > 100)).toBe(false);
    } finally {
      bigInt.mockRestore();
    }
  });
  it('says what was wrong in English for operator commands', () => {
    expect(amountProblemText('aboveMax', AMOUNT_BOUNDS.level)).toBe('below 1000000000');
    expect(amountProblemText('belowMin', member)).toBe('more than zero');
    expect(amountProblemText('tooPrecise', member)).toBe('at most 18 decimals');
  });

  it('rounds a shortfall up to the cent, so an amount still missing never reads 0.00', () => {
    expect(formatShortfall(10n ** 15n)).toBe('0.01');
    expect(formatShortfall(80n * 10n ** 18n)).toBe('80.00');
    expect(formatShortfall(80n * 10n ** 18n + 1n)).toBe('80.01');
  });
});

describe('amounts as operators type them and as replies send them', () => {
  it('writes base units as the exact decimal text parseAmount reads back', () => {
    for (const base of [0n, 5n * 10n ** 17n, 100n * 10n ** 18n, 1n]) {
      expect(parseAmount(amountText(base), AMOUNT_BOUNDS.setting)).toEqual({ ok: true, value: base });
    }
    expect(amountText(5n * 10n ** 17n)).toBe('0.5');
    expect(amountText(100n * 10n ** 18n)).toBe('100');
  });

  it("reads a reply's base units, signed or not, and nothing else", () => {
    expect(baseUnitsOf('-1500')).toBe(-1500n);
    expect(baseUnitsOf('0')).toBe(0n);
    for (const text of [null, undefined, '', '1.5', '1e3', ' 1', '0x10']) expect(baseUnitsOf(text)).toBeUndefined();
  });
});
