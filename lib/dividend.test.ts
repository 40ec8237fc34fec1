import { describe, expect, it } from 'vitest';
import { dailyDividend, upgradeFromDay, upgradeStartsAt } from './dividend';

const DAY = 86_400;

describe("an upgrade takes effect from the next of the stake's 24-hour days", () => {
  it('counts whole days since the stake started', () => {
    expect(upgradeFromDay(0)).toBe(1);
    expect(upgradeFromDay(DAY * 1000 - 1)).toBe(1);
    expect(upgradeFromDay(DAY * 1000)).toBe(2);
    expect(upgradeFromDay(-5)).toBe(1);
  });

  it('starts at the stake time plus those days, in unix seconds', () => {
    const started = 1_767_225_600; // 2026-01-01 00:00:00 UTC
    expect(upgradeStartsAt(started, 0)).toBe(started + DAY);
    expect(upgradeStartsAt(started, 3 * DAY + 7)).toBe(started + 4 * DAY);
  });

  it('pays the new level its daily income exactly, rounded down to a base unit', () => {
    expect(dailyDividend(500n * 10n ** 18n, '2')).toBe(10n * 10n ** 18n);
    expect(dailyDividend(333n, '0.5')).toBe(1n); // 1.665 base units
  });
});
