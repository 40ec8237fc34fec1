import { sql } from 'drizzle-orm';
import { RateLimiterDrizzle } from 'rate-limiter-flexible';
import { type Db, preparedRows } from '../db/client';
import { type Counter, type CounterRow, counterLeases } from './rate-limit-leases';
import { rateLimits as rateLimitTable } from './tables';

/** The rate limits' shared counters (server/http/rate-limits.ts decides what is counted; this stores the counts). */
/**
 * rate-limiter-flexible's own upsert (lib/RateLimiterDrizzle.js) for any number of counters in one statement
 * (counterWriter): a counter that exists restarts with the row proposed when its window has ended (or `force`,
 * the library's forced expiry), else adds its points. The keys come distinct (an upsert cannot touch a row
 * twice) and are locked in key order, so two statements over the same rows (two server processes) lock them in
 * the same order. The expiry comes back in epoch ms (a raw statement's timestamps are strings).
 */
const upsertCounters = preparedRows<{ key: string; points: number; expire_ms: number | null }>(
  'rate_limit_upsert_many',
  sql`
  insert into ${rateLimitTable} (key, points, expire)
  select key, points, expire
  from unnest(${sql.placeholder('keys')}::text[], ${sql.placeholder('points')}::integer[], ${sql.placeholder('expires')}::timestamptz[]) as c(key, points, expire)
  order by key
  on conflict (key) do update set
    points = case when ${sql.placeholder('force')}::boolean or ${rateLimitTable}.expire <= ${sql.placeholder('now')}::timestamptz
      then excluded.points else ${rateLimitTable}.points + excluded.points end,
    expire = case when ${sql.placeholder('force')}::boolean or ${rateLimitTable}.expire <= ${sql.placeholder('now')}::timestamptz
      then excluded.expire else ${rateLimitTable}.expire end
  returning key, points, (extract(epoch from expire) * 1000)::float8 as expire_ms`,
);

/** Writes counters (distinct keys) and returns each as the library reads it, by key. */
async function upsert(db: Db, counters: Counter[], force: boolean): Promise<Map<string, CounterRow>> {
  const rows = await upsertCounters(db).rows({
    keys: counters.map((c) => c.key),
    points: counters.map((c) => c.points),
    expires: counters.map((c) => c.expire),
    now: new Date().toISOString(),
    force,
  });
  return new Map(rows.map((row) => [row.key, { key: row.key, points: row.points, expire: row.expire_ms === null ? null : new Date(row.expire_ms) }]));
}

type Waiting = { counter: Counter; resolve: (row: CounterRow) => void; reject: (error: unknown) => void };

/** The most counters one statement carries. */
const MAX_BATCH = 500;

/** One statement for a batch: a key asked for n times is one row of their summed points; each asker gets the count after its own points, as if they had run one after another in the order asked. */
async function sendBatch(db: Db, batch: Waiting[]) {
  const byKey = new Map<string, Waiting[]>();
  for (const w of batch) {
    const askers = byKey.get(w.counter.key);
    if (askers) askers.push(w);
    else byKey.set(w.counter.key, [w]);
  }
  const merged = [...byKey.values()].map((askers) => ({
    key: askers[0]!.counter.key,
    expire: askers[0]!.counter.expire,
    points: askers.reduce((sum, w) => sum + w.counter.points, 0),
  }));
  try {
    const written = await upsert(db, merged, false);
    for (const [key, askers] of byKey) {
      const row = written.get(key);
      if (!row) {
        for (const w of askers) w.reject(new Error(`rate limit counter ${key} not written`));
        continue;
      }
      let after = row.points;
      for (const w of askers.toReversed()) {
        w.resolve({ ...row, points: after });
        after -= w.counter.points;
      }
    }
  } catch (error) {
    for (const w of batch) w.reject(error);
  }
}

/**
 * Writes counters the way a database commits a group: with no statement of its own in flight, a counter goes
 * out at once (with whatever else was asked in the same turn: check() asks for a call's two together); while one
 * is in flight, the counters asked for meanwhile wait and then go as one statement. Under load, one statement
 * then counts many calls instead of each call taking its own round trip and its own lock on the shared IP's row.
 */
export function counterWriter(db: Db) {
  const queued: Waiting[] = [];
  let busy = false;
  const drain = async () => {
    while (queued.length > 0) {
      await sendBatch(db, queued.splice(0, MAX_BATCH));
    }
    busy = false;
  };
  return (counter: Counter) =>
    new Promise<CounterRow>((resolve, reject) => {
      queued.push({ counter, resolve, reject });
      if (busy) return;
      busy = true;
      queueMicrotask(() => void drain());
    });
}

/**
 * The library's Drizzle store rebuilds its upsert with drizzle's query builder on every call, once for each
 * counter, which cost more CPU than the statement itself; this store runs the same statement prepared, with
 * the counters of many calls in one (counterWriter), and counts a hot key's calls from slots written ahead
 * (rate-limit-leases.ts: at most a tenth of the allowance ahead, so never looser, and a round trip saved per call).
 * `_upsert` is the store's internal method in 11.4.0, the version package.json pins exactly;
 * server/test/rate-limits.test.ts covers counting, windows and refusals through it.
 */
class PreparedDrizzleLimiter extends RateLimiterDrizzle {
  private readonly leases: ReturnType<typeof counterLeases>;

  constructor(
    private readonly db: Db,
    write: (counter: Counter) => Promise<CounterRow>,
    options: ConstructorParameters<typeof RateLimiterDrizzle>[0],
  ) {
    super(options);
    this.leases = counterLeases(write, Math.floor(this.points / 10));
  }

  async _upsert(key: string, points: number, msDuration: number, forceExpire = false) {
    const now = new Date();
    const expire = msDuration > 0 ? new Date(now.getTime() + msDuration).toISOString() : null;
    if (!forceExpire && points > 0) return this.leases.take({ key, points, expire });
    this.leases.drop(key);
    return (await upsert(this.db, [{ key, points, expire }], forceExpire)).get(key);
  }
}

type StoredOptions = Omit<ConstructorParameters<typeof RateLimiterDrizzle>[0], 'storeClient' | 'schema' | 'clearExpiredByTimeout'>;

/** A limiter whose counters are rows of `rate_limits`, written through `write` (counterWriter). */
export function storedLimiter(db: Db, write: (counter: Counter) => Promise<CounterRow>, options: StoredOptions): RateLimiterDrizzle {
  return new PreparedDrizzleLimiter(db, write, { ...options, storeClient: db, schema: rateLimitTable, clearExpiredByTimeout: false });
}
