import { describe, expect, it } from 'vitest';
import { trimPercent } from './dividend';
import { formulaAmount, rewardFormula } from './reward-formula';

const wld = (n: string) => BigInt(Math.round(Number(n) * 1e6)) * 10n ** 12n;

describe('reward formula', () => {
  it('reads as principal × daily percent × reward percent = amount', () => {
    expect(rewardFormula({ sourceAmount: wld('100'), scale: '0.5000', rate: '10.0000', bonus: '0.0000', amount: wld('0.05') })).toBe(
      '100.00 × 0.5% × 10% = 0.05',
    );
  });
  it('shows a generation rate and a level bonus together, and a bonus alone', () => {
    expect(rewardFormula({ sourceAmount: wld('100'), scale: '0.5', rate: '5', bonus: '2', amount: wld('0.035') })).toBe('100.00 × 0.5% × (5% + 2%) = 0.03');
    expect(rewardFormula({ sourceAmount: wld('1000'), scale: '1', rate: '0', bonus: '1.5', amount: wld('0.15') })).toBe('1,000.00 × 1% × 1.5% = 0.15');
  });
  it('never shows a paid amount as 0.00', () => {
    expect(formulaAmount(15n * 10n ** 14n)).toBe('0.0015');
    expect(formulaAmount(1n)).toBe('0.000000000000000001');
    expect(formulaAmount(wld('0.015'))).toBe('0.01');
    expect(formulaAmount(wld('12.349'))).toBe('12.34');
  });
  it('trims stored percents', () => {
    expect(trimPercent('10.0000')).toBe('10');
    expect(trimPercent('0.5000')).toBe('0.5');
    expect(trimPercent('3')).toBe('3');
    expect(trimPercent('0.0000')).toBe('0');
    expect(trimPercent('100')).toBe('100');
  });
});
