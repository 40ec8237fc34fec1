import { LRUCache } from 'lru-cache';

/** A counter as the rate-limit store writes it (rate-limit-store.ts), and the count it gives back. */
export type Counter = { key: string; points: number; expire: string | null };
export type CounterRow = { key: string; points: number; expire: Date | null };

/**
 * Slots of a key's counter already written: `next`..`last` of the window that ends at `expire`; how many of them
 * were written ahead of the calls that asked (`ahead`), and when (`takenAt`).
 */
type Lease = { next: number; last: number; expire: Date | null; ahead: number; takenAt: number };
type Waiting = { points: number; expire: string | null; resolve: (row: CounterRow) => void; reject: (error: unknown) => void };

/** A lease used up this soon after it was written marks a hot key: the next one is written further ahead. */
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
 * at most `maxAhead` per key and process.
 *
 * A key's first call of a while writes its own points only (nothing ahead). Calls that come while the key's write
 * is out wait, and go together in its next write; a key whose slots ran out within HOT_MS of their writing writes
 * twice as many ahead the next time (1, 2, 4, … up to `maxAhead`), which its next calls take without a write.
 */
export function counterLeases(write: (counter: Counter) => Promise<CounterRow>, maxAhead: number) {
  const leases = new LRUCache<string, Lease>({ max: MAX_LEASES });
  const waiting = new Map<string, Waiting[]>();

  const fromLease = (key: string, points: number): CounterRow | undefined => {
    const lease = leases.get(key);
    if (!lease || ended(lease) || lease.next + points - 1 > lease.last) return undefined;
    const slot = lease.next + points - 1;
    lease.next = slot + 1;
    return { key, points: slot, expire: lease.expire };
  };

  const aheadAfter = (lease: Lease | undefined) =>
    !lease || ended(lease) || Date.now() - lease.takenAt > HOT_MS ? 0 : Math.min(maxAhead, Math.max(1, lease.ahead * 2));

  /** Writes the waiting calls' points (and the slots ahead) until none waits; each call gets its slot in the order asked. */
  const pump = async (key: string, queue: Waiting[]) => {
    while (queue.length > 0) {
      const batch = queue.splice(0);
      const demand = batch.reduce((sum, call) => sum + call.points, 0);
      const ahead = aheadAfter(leases.get(key));
      try {
        const row = await write({ key, points: demand + ahead, expire: batch.at(-1)!.expire });
        let slot = row.points - demand - ahead;
        for (const call of batch) call.resolve({ key, points: (slot += call.points), expire: row.expire });
        leases.set(key, { next: slot + 1, last: row.points, expire: row.expire, ahead, takenAt: Date.now() });
      } catch (error) {
        leases.delete(key);
        for (const call of batch) call.reject(error);
      }
      // The calls that came while the write was out take the slots it wrote ahead, in the order they came.
      for (let served = queue[0] && fromLease(key, queue[0].points); served; served = queue[0] && fromLease(key, queue[0].points)) {
        queue.shift()!.resolve(served);
      }
    }
    waiting.delete(key);
  };

  return {
    /** Counts `counter.points` for its key: from a slot already written, or in the key's next write. */
    take(counter: Counter): Promise<CounterRow> {
      const queue = waiting.get(counter.key);
      const served = queue ? undefined : fromLease(counter.key, counter.points);
      if (served) return Promise.resolve(served);
      return new Promise<CounterRow>((resolve, reject) => {
        const call = { points: counter.points, expire: counter.expire, resolve, reject };
        if (queue) return void queue.push(call);
        const started = [call];
        waiting.set(counter.key, started);
        // after this turn: the key's other calls of the same turn go in the same write
        queueMicrotask(() => void pump(counter.key, started));
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
