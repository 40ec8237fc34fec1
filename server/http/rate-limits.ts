import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { Endpoint } from '../../lib/api/contract';
import type { Db } from '../db/client';
import { counterWriter, storedLimiter } from '../auth/rate-limit-store';
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

/** Every limit by name (`<class>:<ip|address>`), as the refusals are counted (server/metrics/). */
export const RATE_LIMIT_NAMES = (Object.keys(RATE_LIMITS) as RateClass[]).flatMap((cls) => [`${cls}:ip`, `${cls}:address`]);

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
    const hops = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((h) => h.trim())
      .filter(Boolean);
    if (hops.length >= trustProxy) return hops[hops.length - trustProxy];
  }
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}

export type RateLimits = { check: (cls: RateClass, ip: string | undefined, address: string) => Promise<void> };

/**
 * Counters in the database (the `rate_limits` table, rate-limiter-flexible's Drizzle store: an atomic upsert
 * per key, the counters of concurrent calls in one statement), so every server process behind a load balancer
 * shares them, on PostgreSQL as on PGlite. Reads stay off the database: their generous limits are counted in each process's memory. A key over its allowance is
 * then refused from memory until its window ends, without a query; if the database fails, memory takes over.
 * `onRefused` hears the name of each limit that refuses a call (the metrics).
 */
export function createRateLimits(db: Db, factor = 1, onRefused: (limit: string) => void = () => {}): RateLimits {
  const limiters = new Map<string, RateLimiterAbstract>();
  const write = counterWriter(db);
  const limiter = (cls: RateClass, kind: 'ip' | 'address') => {
    const name = `${cls}:${kind}`;
    const existing = limiters.get(name);
    if (existing) return existing;
    const allowance = RATE_LIMITS[cls];
    const points = Math.max(1, Math.round(allowance[kind] * factor));
    const options = { keyPrefix: name, points, duration: allowance.seconds };
    const made =
      cls === 'read'
        ? new RateLimiterMemory(options)
        : storedLimiter(db, write, { ...options, inMemoryBlockOnConsumed: points + 1, insuranceLimiter: new RateLimiterMemory(options) });
    limiters.set(name, made);
    return made;
  };
  const consume = async (cls: RateClass, kind: 'ip' | 'address', key: string) => {
    try {
      await limiter(cls, kind).consume(key);
    } catch (refusal) {
      if (refusal instanceof RateLimiterRes) {
        onRefused(`${cls}:${kind}`);
        throw new RateLimited(Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)));
      }
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
