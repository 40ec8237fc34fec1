import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { nonces, rateLimits, sessions } from './tables';

const count = { n: sql`1` };

/**
 * Deletes challenges expired before `graceEnd`, sessions expired before `now`, and rate-limit counters whose
 * window ended before `wallNow` (the limiter counts in real time); server/jobs/purge.ts says when.
 */
export async function purgeExpiredAccess(db: Db, at: { graceEnd: Date; now: Date; wallNow: Date }) {
  const goneNonces = await db.delete(nonces).where(lt(nonces.expiresAt, at.graceEnd)).returning(count);
  const goneSessions = await db.delete(sessions).where(lt(sessions.expiresAt, at.now)).returning(count);
  const goneLimits = await db.delete(rateLimits).where(lt(rateLimits.expire, at.wallNow)).returning(count);
  return { nonces: goneNonces.length, sessions: goneSessions.length, rateLimits: goneLimits.length };
}
