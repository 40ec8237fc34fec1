import { describe, expect, it } from 'vitest';
import { dailyDividend } from './dividend';
import { formatAmount, formatFee, parseAmount } from './money';

const WLD = 10n ** 18n;

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
  it('parses typed amounts exactly and refuses the rest', () => {
    expect(parseAmount(' 12.5 ')).toEqual({ ok: true, value: 12n * WLD + WLD / 2n });
    expect(parseAmount('')).toEqual({ ok: false, reason: 'required' });
    expect(parseAmount('0')).toEqual({ ok: false, reason: 'invalid' });
    expect(parseAmount('-1')).toEqual({ ok: false, reason: 'invalid' });
    expect(parseAmount('1e3')).toEqual({ ok: false, reason: 'invalid' });
    expect(parseAmount('0.' + '1'.repeat(19))).toEqual({ ok: false, reason: 'invalid' });
  });
  it('accepts zero only when asked to (a fee may be zero), still refusing what is not a decimal', () => {
    expect(parseAmount('0', 18, { allowZero: true })).toEqual({ ok: true, value: 0n });
    expect(parseAmount('0.000', 18, { allowZero: true })).toEqual({ ok: true, value: 0n });
    expect(parseAmount('-0', 18, { allowZero: true })).toEqual({ ok: false, reason: 'invalid' });
    expect(parseAmount('', 18, { allowZero: true })).toEqual({ ok: false, reason: 'required' });
  });
});
