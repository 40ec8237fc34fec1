import { describe, expect, it } from 'vitest';
import { formatTime } from './time';

describe('formatTime', () => {
  it('shows unix seconds as yyyy-mm-dd hh:mm:ss with zero padding', () => {
    const local = new Date(2026, 0, 5, 7, 8, 9);
    expect(formatTime(String(local.getTime() / 1000))).toBe('2026-01-05 07:08:09');
  });
});
