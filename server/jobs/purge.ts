import { purgeExpiredAccess } from '../auth/purge';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { purgeExpiredCodes } from '../email/binding';
import { purgeConsole } from '../operators/sessions';

/** An expired challenge or code is kept this long after expiry, so a late replay still reads as 'expired' in the logs. */
const GRACE_MS = 3_600_000;

export type Purged = { nonces: number; sessions: number; emailCodes: number; rateLimits: number; console: { nonces: number; sessions: number } };

/**
 * Deletes challenges and email codes an hour past their expiry, sessions past theirs (the console's too, and its
 * spent sign-in nonces), and rate-limit counters whose window ended (by wall time: the limiter counts in real time); the job loop (./schedule.ts) runs it.
 */
export async function purgeExpired(db: Db, clock: Clock, wallNow = new Date()): Promise<Purged> {
  const now = clock.now();
  const graceEnd = new Date(now.getTime() - GRACE_MS);
  const access = await purgeExpiredAccess(db, { graceEnd, now, wallNow });
  const emailCodes = await purgeExpiredCodes(db, graceEnd);
  const consoleAccess = await purgeConsole(db, clock);
  return { nonces: access.nonces, sessions: access.sessions, emailCodes, rateLimits: access.rateLimits, console: consoleAccess };
}
