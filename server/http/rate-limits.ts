import { getConnInfo } from '@hono/node-server/conninfo';
import { type SQL, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { type RateLimiterAbstract, RateLimiterDrizzle, RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { Endpoint } from '../../lib/api/contract';
import { type Db, preparedPerDb } from '../db/client';
import { rateLimits as rateLimitTable } from '../db/schema';
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

/** The user-access endpoints that write (the signed ones are writes by definition). */
const WRITES = new Set(['logout', 'sendMail', 'replyMail', 'bindEmail', 'changeEmail', 'apply']);

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

/** A counter row to insert, from the placeholders key<n>, points<n> and expire<n>. */
const counterRow = (n = '') => ({ key: sql.placeholder(`key${n}`), points: sql.placeholder(`points${n}`), expire: sql`${sql.placeholder(`expire${n}`)}::timestamptz` });

/** On a counter that exists: restart it with the row proposed when `restart` holds, else add its points. */
const restartOrAdd = (restart: SQL) => ({
  target: rateLimitTable.key,
  set: {
    points: sql`case when ${restart} then excluded.points else ${rateLimitTable.points} + excluded.points end`,
    expire: sql`case when ${restart} then excluded.expire else ${rateLimitTable.expire} end`,
  },
});

/** rate-limiter-flexible's own upsert (lib/RateLimiterDrizzle.js), as one statement prepared per database. */
const upsertCounter = preparedPerDb((db) =>
  db
    .insert(rateLimitTable)
    .values(counterRow())
    .onConflictDoUpdate(restartOrAdd(sql`(${sql.placeholder('force')}::boolean or ${rateLimitTable.expire} <= ${sql.placeholder('now')}::timestamptz)`))
    .returning()
    .prepare('rate_limit_upsert'),
);

/** Both counters of a call (its IP's and its address's) in one statement; each row restarts or adds as above. */
const upsertCounterPair = preparedPerDb((db) =>
  db
    .insert(rateLimitTable)
    .values([counterRow('1'), counterRow('2')])
    .onConflictDoUpdate(restartOrAdd(sql`${rateLimitTable.expire} <= ${sql.placeholder('now')}::timestamptz`))
    .returning()
    .prepare('rate_limit_upsert_pair'),
);

type Counter = { key: string; points: number; expire: string | null };
type CounterRow = typeof rateLimitTable.$inferSelect;
type Waiting = { counter: Counter; resolve: (row: CounterRow) => void; reject: (error: unknown) => void };

/**
 * Writes the counters asked for in the same turn together: check() asks for a call's two at once, so they go to
 * the database as one statement instead of two. At most two a statement, never one key twice (an upsert cannot
 * touch a row twice), and in key order, so two statements over the same rows lock them in the same order.
 */
export function counterWriter(db: Db) {
  let open: Waiting[] | null = null;
  const send = async (batch: Waiting[]) => {
    try {
      const now = new Date().toISOString();
      const [a, b] = batch.map((w) => w.counter).sort((x, y) => (x.key < y.key ? -1 : 1));
      const rows = b
        ? await upsertCounterPair(db).execute({ now, key1: a!.key, points1: a!.points, expire1: a!.expire, key2: b.key, points2: b.points, expire2: b.expire })
        : await upsertCounter(db).execute({ ...a!, now, force: false });
      for (const w of batch) {
        const row = rows.find((r) => r.key === w.counter.key);
        if (row) w.resolve(row);
        else w.reject(new Error(`rate limit counter ${w.counter.key} not written`));
      }
    } catch (error) {
      for (const w of batch) w.reject(error);
    }
  };
  return (counter: Counter) =>
    new Promise<CounterRow>((resolve, reject) => {
      if (open?.some((w) => w.counter.key === counter.key)) open = null;
      if (!open) {
        const batch: Waiting[] = [];
        open = batch;
        queueMicrotask(() => {
          if (open === batch) open = null;
          void send(batch);
        });
      }
      open.push({ counter, resolve, reject });
      if (open.length === 2) open = null;
    });
}

/**
 * The library's Drizzle store rebuilds its upsert with drizzle's query builder on every call, once for each
 * counter, which cost more CPU than the statement itself; this store runs the same statement prepared, and
 * a call's two counters in one (counterWriter). `_upsert` is the store's internal method in 11.4.0, the version
 * package.json pins exactly; server/test/rate-limits.test.ts covers counting, windows and refusals through it.
 */
class PreparedDrizzleLimiter extends RateLimiterDrizzle {
  constructor(private readonly db: Db, private readonly write: (counter: Counter) => Promise<CounterRow>, options: ConstructorParameters<typeof RateLimiterDrizzle>[0]) {
    super(options);
  }

  async _upsert(key: string, points: number, msDuration: number, forceExpire = false) {
    const now = new Date();
    const expire = msDuration > 0 ? new Date(now.getTime() + msDuration).toISOString() : null;
    if (!forceExpire) return this.write({ key, points, expire });
    const [row] = await upsertCounter(this.db).execute({ key, points, expire, now: now.toISOString(), force: true });
    return row;
  }
}

export type RateLimits = { check: (cls: RateClass, ip: string | undefined, address: string) => Promise<void> };

/**
 * Counters in the database (the `rate_limits` table, rate-limiter-flexible's Drizzle store: an atomic upsert
 * per key, a call's two keys in one statement), so every server process behind a load balancer shares them, on
 * PostgreSQL as on PGlite. Reads stay
 * off the database: their generous limits are counted in each process's memory. A key over its allowance is
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
