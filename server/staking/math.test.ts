import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../clock';
import { annualized, completedDays, dailyDividend, inRedeemWindow, scaleUnits, stateLabel, termsOn, totalDividend } from './math';

const WLD = 10n ** 18n;

describe('staking math', () => {
  it('reads percent scales exactly', () => {
    expect(scaleUnits('0.5')).toBe(5000n);
    expect(scaleUnits('1')).toBe(10000n);
    expect(scaleUnits('1.2500')).toBe(12500n);
    expect(scaleUnits('100')).toBe(1000000n);
    expect(() => scaleUnits('0.12345')).toThrow();
    expect(() => scaleUnits('-1')).toThrow();
  });
  it('pays amount × scale / 100 a day, rounded down', () => {
    expect(dailyDividend(100n * WLD, '0.5')).toBe(WLD / 2n);
    expect(dailyDividend(3n, '0.5')).toBe(0n);
    expect(dailyDividend(1000n, '0.3333')).toBe(3n);
  });
  it('annualizes as scale × 365 exactly', () => {
    expect(annualized('0.5')).toBe('182.5');
    expect(annualized('1')).toBe('365');
    expect(annualized('0.0001')).toBe('0.0365');
  });
  it('totals daily × days, and upgraded terms from their day on', () => {
    const base = [{ fromDay: 0, amount: 100n * WLD, scale: '1' }];
    expect(totalDividend(base, 30)).toBe(30n * WLD);
    const upgraded = [...base, { fromDay: 10, amount: 200n * WLD, scale: '1' }];
    expect(termsOn(upgraded, 9).amount).toBe(100n * WLD);
    expect(termsOn(upgraded, 10).amount).toBe(200n * WLD);
    expect(totalDividend(upgraded, 30)).toBe(10n * WLD + 20n * 2n * WLD);
  });
  it('counts only full days, capped at the period', () => {
    const start = new Date(0);
    expect(completedDays(start, 30, new Date(DAY_MS - 1))).toBe(0);
    expect(completedDays(start, 30, new Date(DAY_MS))).toBe(1);
    expect(completedDays(start, 30, new Date(100 * DAY_MS))).toBe(30);
  });
  it('labels active, then redemption-eligible for 24 hours, then expired', () => {
    const end = new Date(10 * DAY_MS);
    expect(stateLabel('active', end, new Date(end.getTime() - 1))).toBe('active');
    expect(stateLabel('expired', end, new Date(end.getTime() + DAY_MS - 1))).toBe('redemption-eligible');
    expect(stateLabel('expired', end, new Date(end.getTime() + DAY_MS))).toBe('expired');
    expect(stateLabel('redeemed', end, end)).toBe('expired');
  });
  it('opens the redeem window at the end of the period, for 24 hours', () => {
    const end = new Date(10 * DAY_MS);
    expect(inRedeemWindow(end, new Date(end.getTime() - 1))).toBe(false);
    expect(inRedeemWindow(end, end)).toBe(true);
    expect(inRedeemWindow(end, new Date(end.getTime() + DAY_MS - 1))).toBe(true);
    expect(inRedeemWindow(end, new Date(end.getTime() + DAY_MS))).toBe(false);
  });
  it('never pays more than amount × scale per day (property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 30n }), fc.integer({ min: 1, max: 1_000_000 }), (amount, units) => {
        const scale = `${Math.floor(units / 10000)}.${String(units % 10000).padStart(4, '0')}`;
        const daily = dailyDividend(amount, scale);
        expect(daily * 1_000_000n <= amount * BigInt(units)).toBe(true);
        expect((daily + 1n) * 1_000_000n > amount * BigInt(units)).toBe(true);
      }),
    );
  });
});
