import { describe, expect, it } from 'vitest';
import { formatTime, formatUtcMinute } from './time';

describe('formatTime', () => {
  it('shows unix seconds as yyyy-mm-dd hh:mm:ss with zero padding', () => {
    const local = new Date(2026, 0, 5, 7, 8, 9);
    expect(formatTime(String(local.getTime() / 1000))).toBe('2026-01-05 07:08:09');
  });
});

describe('formatUtcMinute', () => {
  it('shows a moment in UTC to the minute, whatever the zone of the machine', () => {
    expect(formatUtcMinute(new Date('2026-11-26T05:40:59.999Z'))).toBe('2026-11-26 05:40');
    expect(formatUtcMinute(new Date(Date.UTC(2026, 0, 5, 23, 8)))).toBe('2026-01-05 23:08');
  });
});
