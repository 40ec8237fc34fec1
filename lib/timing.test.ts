import { afterEach, describe, expect, it, vi } from 'vitest';
import { createOneAtATime, createTapGuard, debounce, settlementBound } from './timing';

afterEach(() => vi.useRealTimers());

describe('debounce', () => {
  it('runs once, with the last arguments, after the quiet period', () => {
    vi.useFakeTimers();
    const calls: number[] = [];
    const fn = debounce((n: number) => calls.push(n), 150);
    fn(1);
    fn(2);
    vi.advanceTimersByTime(149);
    fn(3);
    vi.advanceTimersByTime(149);
    expect(calls).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(calls).toEqual([3]);
  });
});

describe('double-tap guard', () => {
  it('ignores a second tap within 300 ms and accepts one after', () => {
    let now = 0;
    const taps: number[] = [];
    const guard = createTapGuard(300, () => now);
    const tap = (n: number) => guard.accept() && taps.push(n);
    tap(1);
    now = 299;
    tap(2);
    now = 300;
    tap(3);
    expect(taps).toEqual([1, 3]);
  });
});

describe('settlement bound', () => {
  it('is 3 minutes unless the build sets a whole number of milliseconds', () => {
    expect(settlementBound(undefined)).toBe(180_000);
    expect(settlementBound('12000')).toBe(12_000);
    for (const bad of ['', '0', '-5', '1.5', '12s', '9999999999']) expect(settlementBound(bad)).toBe(180_000);
  });
});

describe('createOneAtATime', () => {
  it('runs one action at a time and the next once the first has settled, failed or not', async () => {
    const guard = createOneAtATime();
    let finish!: (value: string) => void;
    const first = guard.run(() => new Promise<string>((resolve) => (finish = resolve)));
    expect(await guard.run(async () => 'second')).toBeUndefined();
    finish('first');
    expect(await first).toBe('first');
    await expect(guard.run(async () => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    expect(await guard.run(async () => 'third')).toBe('third');
  });

  it("with a tap guard, also refuses a start within the guard's window, without using up the window while busy", async () => {
    let now = 0;
    const guard = createOneAtATime(createTapGuard(300, () => now));
    expect(await guard.run(async () => 1)).toBe(1);
    now = 299;
    expect(await guard.run(async () => 2)).toBeUndefined();
    now = 300;
    expect(await guard.run(async () => 3)).toBe(3);
    let finish!: () => void;
    now = 1000;
    const slow = guard.run(() => new Promise<void>((resolve) => (finish = resolve)));
    now = 1400;
    expect(await guard.run(async () => 4)).toBeUndefined();
    finish();
    await slow;
    now = 1450;
    expect(await guard.run(async () => 5)).toBe(5);
  });
});
