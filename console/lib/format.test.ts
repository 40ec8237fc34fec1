import { describe, expect, it } from 'vitest';
import { eth, pageCount, short, utc, wld } from './format';

describe('console formats', () => {
  it('shows base units as WLD with two decimals, rounded down', () => {
    expect(wld('1234567890000000000000')).toBe('1,234.56 WLD');
    expect(wld('not a number')).toBe('—');
    expect(eth('1000000000000000')).toBe('0.001 ETH');
  });
  it('shows times in UTC to the minute and shortens hashes', () => {
    expect(utc('2026-11-26T05:40:59.000Z')).toBe('2026-11-26 05:40');
    expect(short('0x1234567890abcdef1234567890abcdef12345678')).toBe('0x1234…5678');
  });
  it('counts pages, at least one', () => {
    expect(pageCount({ total: 0, limit: 20 })).toBe(1);
    expect(pageCount({ total: 41, limit: 20 })).toBe(3);
  });
});
