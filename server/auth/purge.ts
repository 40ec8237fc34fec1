import { lt, sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { nonces, rateLimits, sessions } from './tables';
import { emailCodes } from '../email/tables';

/** An expired challenge or code is kept this long after expiry, so a late replay still reads as 'expired' in the logs. */
const GRACE_MS = 3_600_000;

export type Purged = { nonces: number; sessions: number; emailCodes: number; rateLimits: number };

/**
 * Deletes challenges and email codes an hour past their expiry, sessions past theirs, and rate-limit counters
 * whose window ended (by wall time: the limiter counts in real time); the server's job loop runs it.
 */
export async function purgeExpired(db: Db, clock: Clock, wallNow = new Date()): Promise<Purged> {
  const now = clock.now();
  const graceEnd = new Date(now.getTime() - GRACE_MS);
  const count = { n: sql`1` };
  const goneNonces = await db.delete(nonces).where(lt(nonces.expiresAt, graceEnd)).returning(count);
  const goneSessions = await db.delete(sessions).where(lt(sessions.expiresAt, now)).returning(count);
  const goneCodes = await db.delete(emailCodes).where(lt(emailCodes.expiresAt, graceEnd)).returning(count);
  const goneLimits = await db.delete(rateLimits).where(lt(rateLimits.expire, wallNow)).returning(count);
  return { nonces: goneNonces.length, sessions: goneSessions.length, emailCodes: goneCodes.length, rateLimits: goneLimits.length };
}
