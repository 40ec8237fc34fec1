import { describe, expect, it } from 'vitest';
import { parseCoverageThreshold } from './coverage';

describe('parseCoverageThreshold', () => {
  it('takes a percent with at most 2 decimals, from 0.01 to 100000, written without trailing zeros', () => {
    expect(parseCoverageThreshold('120')).toEqual({ ok: true, value: '120' });
    expect(parseCoverageThreshold(' 80.50 ')).toEqual({ ok: true, value: '80.5' });
    expect(parseCoverageThreshold('0.01')).toEqual({ ok: true, value: '0.01' });
    expect(parseCoverageThreshold('100000')).toEqual({ ok: true, value: '100000' });
  });
  it('reads empty and off as no threshold', () => {
    expect(parseCoverageThreshold('')).toEqual({ ok: true, value: null });
    expect(parseCoverageThreshold('OFF')).toEqual({ ok: true, value: null });
  });
  it('refuses zero, more than 2 decimals, above 100000, signs and words', () => {
    for (const bad of ['0', '0.00', '12.345', '100000.01', '-5', '1e3', 'abc', '50%']) expect(parseCoverageThreshold(bad)).toEqual({ ok: false });
  });
});
