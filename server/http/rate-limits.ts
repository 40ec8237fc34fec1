import { getConnInfo } from '@hono/node-server/conninfo';
import { sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { type RateLimiterAbstract, RateLimiterDrizzle, RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { Endpoint } from '../../lib/api/contract';
import { type Db, preparedRows } from '../db/client';
import { rateLimits as rateLimitTable } from '../auth/tables';
import { AppError } from '../errors';

/**
 * What a call costs decides its limits. Each class has an allowance per IP and per address over a window;
 * a call must pass both. `challenge` inserts a nonce row, `signIn` checks a signature and writes a session,
 * `write` changes state, `email` sends a message through SMTP, `upload` stores a re-encoded photo; `read`
 * is everything else and is generous.
 */
export type RateClass = 'challenge' | 'signIn' | 'write' | 'email' | 'upload' | 'read';

type Allowance = { ip: number; address: number; seconds: number };
export const RATE_LIMITS: Record<RateClass, Allowance> = {
  challenge: { ip: 120, address: 30, seconds: 60 },
  signIn: { ip: 60, address: 20, seconds: 60 },
  write: { ip: 300, address: 60, seconds: 60 },
  email: { ip: 30, address: 10, seconds: 3600 },
  upload: { ip: 120, address: 30, seconds: 3600 },
  read: { ip: 1200, address: 600, seconds: 60 },
};

/** The user-access endpoints that write, or read the chain (checkApply); the signed ones are writes by definition. */
const WRITES = new Set(['logout', 'sendMail', 'replyMail', 'bindEmail', 'changeEmail', 'checkApply', 'apply']);

export function rateClass(entry: Pick<Endpoint, 'name' | 'access'>): RateClass {
  if (entry.name === 'getNonce') return 'challenge';
  if (entry.name === 'login' || entry.name === 'reg') return 'signIn';
  if (entry.name === 'sendCode') return 'email';
  if (entry.name === 'uploadPhoto') return 'upload';
  return entry.access === 'signed' || WRITES.has(entry.name) ? 'write' : 'read';
}

/** Refused for now; the reply says when to try again (HTTP 429, Retry-After). */
export class RateLimited extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('tooManyRequests', { seconds: String(retryAfterSeconds) });
  }
}

/**
 * The client's IP: with `trustProxy` = N proxies in front, the N-th X-Forwarded-For entry from the end (what
 * the outermost trusted proxy saw; entries before it are the client's to forge); otherwise the socket's peer.
 * Undefined when there is no socket (a test calling the fetch handler directly).
 */
export function clientIp(c: Context, trustProxy: number): string | undefined {
  if (trustProxy > 0) {
    const hops = (c.req.header('x-forwarded-for') ?? '').split(',').map((h) => h.trim()).filter(Boolean);
    if (hops.length >= trustProxy) return hops[hops.length - trustProxy];
  }
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}

/**
 * rate-limiter-flexible's own upsert (lib/RateLimiterDrizzle.js) for any number of counters in one statement
 * (counterWriter): a counter that exists restarts with the row proposed when its window has ended (or `force`,
 * the library's forced expiry), else adds its points. The keys come distinct (an upsert cannot touch a row
 * twice) and are locked in key order, so two statements over the same rows (two server processes) lock them in
 * the same order. The expiry comes back in epoch ms (a raw statement's timestamps are strings).
 */
const upsertCounters = preparedRows<{ key: string; points: number; expire_ms: number | null }>('rate_limit_upsert_many', sql`
  insert into ${rateLimitTable} (key, points, expire)
  select key, points, expire
  from unnest(${sql.placeholder('keys')}::text[], ${sql.placeholder('points')}::integer[], ${sql.placeholder('expires')}::timestamptz[]) as c(key, points, expire)
  order by key
  on conflict (key) do update set
    points = case when ${sql.placeholder('force')}::boolean or ${rateLimitTable}.expire <= ${sql.placeholder('now')}::timestamptz
      then excluded.points else ${rateLimitTable}.points + excluded.points end,
    expire = case when ${sql.placeholder('force')}::boolean or ${rateLimitTable}.expire <= ${sql.placeholder('now')}::timestamptz
      then excluded.expire else ${rateLimitTable}.expire end
  returning key, points, (extract(epoch from expire) * 1000)::float8 as expire_ms`);

type Counter = { key: string; points: number; expire: string | null };
type CounterRow = typeof rateLimitTable.$inferSelect;

/** Writes counters (distinct keys) and returns each as the library reads it, by key. */
async function upsert(db: Db, counters: Counter[], force: boolean): Promise<Map<string, CounterRow>> {
  const rows = await upsertCounters(db).rows({
    keys: counters.map((c) => c.key), points: counters.map((c) => c.points), expires: counters.map((c) => c.expire), now: new Date().toISOString(), force,
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
  const merged = [...byKey.values()].map((askers) => ({ key: askers[0]!.counter.key, expire: askers[0]!.counter.expire, points: askers.reduce((sum, w) => sum + w.counter.points, 0) }));
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
 * the counters of many calls in one (counterWriter). `_upsert` is the store's internal method in 11.4.0, the
 * version package.json pins exactly; server/test/rate-limits.test.ts covers counting, windows and refusals through it.
 */
class PreparedDrizzleLimiter extends RateLimiterDrizzle {
  constructor(private readonly db: Db, private readonly write: (counter: Counter) => Promise<CounterRow>, options: ConstructorParameters<typeof RateLimiterDrizzle>[0]) {
    super(options);
  }

  async _upsert(key: string, points: number, msDuration: number, forceExpire = false) {
    const now = new Date();
    const expire = msDuration > 0 ? new Date(now.getTime() + msDuration).toISOString() : null;
    if (!forceExpire) return this.write({ key, points, expire });
    return (await upsert(this.db, [{ key, points, expire }], true)).get(key);
  }
}

export type RateLimits = { check: (cls: RateClass, ip: string | undefined, address: string) => Promise<void> };

/**
 * Counters in the database (the `rate_limits` table, rate-limiter-flexible's Drizzle store: an atomic upsert
 * per key, the counters of concurrent calls in one statement), so every server process behind a load balancer
 * shares them, on PostgreSQL as on PGlite. Reads stay off the database: their generous limits are counted in each process's memory. A key over its allowance is
 * then refused from memory until its window ends, without a query; if the database fails, memory takes over.
 */
export function createRateLimits(db: Db, factor = 1): RateLimits {
  const limiters = new Map<string, RateLimiterAbstract>();
  const write = counterWriter(db);
  const limiter = (cls: RateClass, kind: 'ip' | 'address') => {
    const name = `${cls}:${kind}`;
    const existing = limiters.get(name);
    if (existing) return existing;
    const allowance = RATE_LIMITS[cls];
    const points = Math.max(1, Math.round(allowance[kind] * factor));
    const options = { keyPrefix: name, points, duration: allowance.seconds };
    const made = cls === 'read'
      ? new RateLimiterMemory(options)
      : new PreparedDrizzleLimiter(db, write, {
          ...options,
          storeClient: db,
          schema: rateLimitTable,
          clearExpiredByTimeout: false,
          inMemoryBlockOnConsumed: points + 1,
          insuranceLimiter: new RateLimiterMemory(options),
        });
    limiters.set(name, made);
    return made;
  };
  const consume = async (cls: RateClass, kind: 'ip' | 'address', key: string) => {
    try {
      await limiter(cls, kind).consume(key);
    } catch (refusal) {
      if (refusal instanceof RateLimiterRes) throw new RateLimited(Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)));
      throw refusal;
    }
  };
  return {
    // Both counters at once (one statement, counterWriter); a refusal of the IP is the one reported.
    async check(cls, ip, address) {
      const counted = await Promise.allSettled([ip ? consume(cls, 'ip', ip) : undefined, consume(cls, 'address', address.toLowerCase())]);
      for (const result of counted) if (result.status === 'rejected') throw result.reason;
    },
  };
}
