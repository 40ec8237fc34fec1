import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Counter, type CounterRow, counterLeases } from './rate-limit-leases';

/** One shared counter per key, as the rate_limits table keeps it, written a turn later; `writes` counts the round trips. */
function sharedCounters() {
  const rows = new Map<string, { points: number; expire: Date | null }>();
  const store = {
    writes: 0,
    rows,
    fail: false,
    async write(counter: Counter): Promise<CounterRow> {
      store.writes++;
      await new Promise((resolve) => setTimeout(resolve, 1));
      if (store.fail) throw new Error('database down');
      const row = rows.get(counter.key);
      const ended = !row || (row.expire !== null && row.expire.getTime() <= Date.now());
      const next = ended
        ? { points: counter.points, expire: counter.expire ? new Date(counter.expire) : null }
        : { ...row, points: row.points + counter.points };
      rows.set(counter.key, next);
      return { key: counter.key, ...next };
    },
  };
  return store;
}

const inAMinute = () => new Date(Date.now() + 60_000).toISOString();

afterEach(() => vi.useRealTimers());

describe('counterLeases (rate-limit-leases.ts)', () => {
  it('gives the calls of one turn one write, and each its count in the order asked', async () => {
    const store = sharedCounters();
    const leases = counterLeases((c) => store.write(c), 10);
    const counts = await Promise.all([1, 1, 2, 1].map((points) => leases.take({ key: 'k', points, expire: inAMinute() })));
    expect(counts.map((c) => c.points)).toEqual([1, 2, 4, 5]);
    expect(store.writes).toBe(1);
    expect(store.rows.get('k')?.points).toBe(5);
  });

  it('counts a hot key from slots written ahead: fewer writes than calls, every count its own, few unused', async () => {
    const store = sharedCounters();
    const leases = counterLeases((c) => store.write(c), 8);
    const counts: number[] = [];
    for (let i = 0; i < 100; i++) counts.push((await leases.take({ key: 'hot', points: 1, expire: inAMinute() })).points);
    expect(counts).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    // its own point, then 1, 2, 4 and 8 ahead, and 8 more each time fewer than 4 are left: about one write in eight calls
    expect(store.writes).toBeLessThanOrEqual(25);
    expect(store.rows.get('hot')!.points - 100).toBeLessThan(1.5 * 8);
  });

  it('writes nothing ahead for a key called now and then, nor when maxAhead is 0', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const store = sharedCounters();
    const quiet = counterLeases((c) => store.write(c), 8);
    for (let i = 0; i < 3; i++) {
      await quiet.take({ key: 'quiet', points: 1, expire: inAMinute() });
      vi.setSystemTime(Date.now() + 2_000);
    }
    const never = counterLeases((c) => store.write(c), 0);
    for (let i = 0; i < 3; i++) await never.take({ key: 'never', points: 1, expire: inAMinute() });
    expect(store.rows.get('quiet')?.points).toBe(3);
    expect(store.rows.get('never')?.points).toBe(3);
    expect(store.writes).toBe(6);
  });

  it('never lets two processes pass more calls than the allowance together, whatever they wrote ahead', async () => {
    const store = sharedCounters();
    const allowance = 50;
    const processes = [counterLeases((c) => store.write(c), 5), counterLeases((c) => store.write(c), 5)];
    const counts: number[] = [];
    // bursts and single calls, from both, interleaved
    for (let round = 0; round < 20; round++) {
      const burst = processes.flatMap((p, i) => Array.from({ length: 1 + ((round + i) % 3) }, () => p.take({ key: 'shared', points: 1, expire: inAMinute() })));
      counts.push(...(await Promise.all(burst)).map((c) => c.points));
    }
    expect(new Set(counts).size).toBe(counts.length);
    const passed = counts.filter((count) => count <= allowance).length;
    expect(passed).toBeLessThanOrEqual(allowance);
    expect(passed).toBeGreaterThanOrEqual(allowance - 2 * 1.5 * 5);
  });

  it("starts again from the new window once the counter's window has ended", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const store = sharedCounters();
    const leases = counterLeases((c) => store.write(c), 8);
    for (let i = 0; i < 10; i++) await leases.take({ key: 'w', points: 1, expire: inAMinute() });
    vi.setSystemTime(Date.now() + 61_000);
    const first = await leases.take({ key: 'w', points: 1, expire: inAMinute() });
    expect(first.points).toBe(1);
    expect(first.expire!.getTime()).toBeGreaterThan(Date.now());
  });

  it('fails the waiting calls when the write fails, and writes again for the next', async () => {
    const store = sharedCounters();
    const leases = counterLeases((c) => store.write(c), 8);
    store.fail = true;
    const failed = await Promise.allSettled([1, 2].map(() => leases.take({ key: 'f', points: 1, expire: inAMinute() })));
    expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    store.fail = false;
    expect((await leases.take({ key: 'f', points: 1, expire: inAMinute() })).points).toBe(1);
  });

  it("forgets a dropped key's unused slots", async () => {
    const store = sharedCounters();
    const leases = counterLeases((c) => store.write(c), 8);
    for (let i = 0; i < 4; i++) await leases.take({ key: 'd', points: 1, expire: inAMinute() });
    const before = store.writes;
    leases.drop('d');
    await leases.take({ key: 'd', points: 1, expire: inAMinute() });
    expect(store.writes).toBe(before + 1);
  });
});
