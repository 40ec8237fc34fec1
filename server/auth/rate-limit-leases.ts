import { LRUCache } from 'lru-cache';

/** A counter as the rate-limit store writes it (rate-limit-store.ts), and the count it gives back. */
export type Counter = { key: string; points: number; expire: string | null };
export type CounterRow = { key: string; points: number; expire: Date | null };

type Slots = { next: number; last: number };
/**
 * A key's slots already written and not yet taken (in the order written), all of the window that ends at `expire`;
 * how many the key writes ahead of its calls (`ahead`) and when it last wrote (`writtenAt`).
 */
type Lease = { ranges: Slots[]; expire: Date | null; ahead: number; writtenAt: number };
type Waiting = { points: number; expire: string | null; resolve: (row: CounterRow) => void; reject: (error: unknown) => void };

/** A key that writes again this soon after its last write is hot: it writes twice as many ahead. */
const HOT_MS = 1000;
/** The leases kept, one per key lately counted. A lease dropped loses its unused slots, never a count. */
const MAX_LEASES = 10_000;

/**
 * A key's calls counted from slots its counter already holds, so that a hot key's calls need no round trip each.
 *
 * Every call still takes a slot of the shared counter, and its count is its slot's number: the count the counter
 * had reached when that slot was written. A call passes only if its slot is within the allowance, and no two calls
 * anywhere share a slot, so no more calls pass in a window than the allowance, however many processes count: the
 * limit is never looser than one write per call. It is stricter by the slots a process wrote ahead and did not use,
 * fewer than one and a half times `maxAhead` per key and process.
 *
 * A key called now and then writes its calls' points only, nothing ahead, as one write per call would. A key has one
 * write out at a time: calls that find no slot meanwhile wait, and go together in its next write. A key that writes
 * again within HOT_MS of its last write writes twice as many ahead (1, 2, 4, … up to `maxAhead`), half as many once it
 * has cooled; and when fewer than half of that many are left, the next slots are written while its calls go on taking
 * the ones left, so a steadily hot key's calls wait for no write, and it writes about once every HOT_MS.
 */
export function counterLeases(write: (counter: Counter) => Promise<CounterRow>, maxAhead: number) {
  const leases = new LRUCache<string, Lease>({ max: MAX_LEASES });
  const waiting = new Map<string, Waiting[]>();
  const writing = new Set<string>();

  const fromLease = (key: string, points: number): CounterRow | undefined => {
    const lease = leases.get(key);
    const slot = lease && !ended(lease) ? takeSlots(lease.ranges, points) : undefined;
    return slot === undefined ? undefined : { key, points: slot, expire: lease!.expire };
  };

  /** The slots a write adds ahead: twice as many as the last if the key wrote within HOT_MS (hot), else half. */
  const aheadFor = (lease: Lease | undefined) => {
    if (!lease || ended(lease)) return 0;
    return Date.now() - lease.writtenAt <= HOT_MS ? Math.min(maxAhead, Math.max(1, lease.ahead * 2)) : Math.floor(lease.ahead / 2);
  };

  /** Keeps a write's slots beyond its calls' own: after the slots left when of the same window, else alone. */
  const keep = (key: string, row: CounterRow, next: number, ahead: number) => {
    const lease = leases.get(key);
    const slots = { next, last: row.points };
    if (!lease || ended(lease) || lease.expire?.getTime() !== row.expire?.getTime()) {
      leases.set(key, { ranges: [slots], expire: row.expire, ahead, writtenAt: Date.now() });
      return;
    }
    lease.ranges.push(slots);
    lease.ahead = ahead;
    lease.writtenAt = Date.now();
  };

  /**
   * The key's one write at a time: the waiting calls' points and the slots ahead (a refill when none waits), then
   * again while calls wait that the slots written do not cover. Each call gets its slot in the order asked.
   */
  const writeFor = async (key: string, expire: string | null) => {
    writing.add(key);
    for (;;) {
      const batch = waiting.get(key)?.splice(0) ?? [];
      const demand = batch.reduce((sum, call) => sum + call.points, 0);
      const ahead = aheadFor(leases.get(key));
      if (demand + ahead === 0) break;
      try {
        const row = await write({ key, points: demand + ahead, expire: batch.at(-1)?.expire ?? expire });
        let slot = row.points - demand - ahead;
        for (const call of batch) call.resolve({ key, points: (slot += call.points), expire: row.expire });
        keep(key, row, slot + 1, ahead);
      } catch (error) {
        leases.delete(key);
        for (const call of batch) call.reject(error);
      }
      // The calls that came while the write was out take the slots left, in the order they came.
      const queue = waiting.get(key) ?? [];
      for (let served = queue[0] && fromLease(key, queue[0].points); served; served = queue[0] && fromLease(key, queue[0].points)) {
        queue.shift()!.resolve(served);
      }
      if (queue.length === 0) break;
    }
    waiting.delete(key);
    writing.delete(key);
  };

  return {
    /** Counts `counter.points` for its key: from a slot already written, or in the key's next write. */
    take(counter: Counter): Promise<CounterRow> {
      const { key } = counter;
      const served = waiting.has(key) ? undefined : fromLease(key, counter.points);
      if (served) {
        const lease = leases.get(key)!;
        if (lease.ahead > 0 && !writing.has(key) && unused(lease.ranges) < lease.ahead / 2) void writeFor(key, counter.expire);
        return Promise.resolve(served);
      }
      return new Promise<CounterRow>((resolve, reject) => {
        const call = { points: counter.points, expire: counter.expire, resolve, reject };
        const queue = waiting.get(key);
        if (queue) return void queue.push(call);
        waiting.set(key, [call]);
        // after this turn, so that the key's other calls of the same turn go in the same write; or, with a write out,
        // after it
        if (!writing.has(key)) queueMicrotask(() => void writeFor(key, counter.expire));
      });
    },
    /** Forgets a key's unused slots (its counter was written some other way: a forced expiry, a reward). */
    drop(key: string) {
      leases.delete(key);
    },
  };
}

function ended(lease: Lease): boolean {
  return lease.expire !== null && lease.expire.getTime() <= Date.now();
}

/** Takes `points` slots from the first range that holds them all: the number of the last one taken. */
function takeSlots(ranges: Slots[], points: number): number | undefined {
  while (ranges[0] && ranges[0].next > ranges[0].last) ranges.shift();
  const range = ranges[0];
  if (!range || range.next + points - 1 > range.last) return undefined;
  range.next += points;
  return range.next - 1;
}

function unused(ranges: Slots[]): number {
  return ranges.reduce((sum, r) => sum + Math.max(0, r.last - r.next + 1), 0);
}
