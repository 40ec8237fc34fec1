import { lt, sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { nonces, sessions } from '../db/schema';

/** An expired challenge is kept this long after expiry, so a late replay still reads as 'expired' in the logs. */
const NONCE_GRACE_MS = 3_600_000;

/** Deletes challenges an hour past their expiry and sessions past theirs; the server's job loop runs it. */
export async function purgeExpired(db: Db, clock: Clock): Promise<{ nonces: number; sessions: number }> {
  const now = clock.now();
  const goneNonces = await db.delete(nonces).where(lt(nonces.expiresAt, new Date(now.getTime() - NONCE_GRACE_MS))).returning({ n: sql`1` });
  const goneSessions = await db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ n: sql`1` });
  return { nonces: goneNonces.length, sessions: goneSessions.length };
}
