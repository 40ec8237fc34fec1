import { randomBytes } from 'node:crypto';
import { type SQLWrapper, and, eq, gt, sql } from 'drizzle-orm';
import type { Address } from 'viem';
import type { Clock } from '../clock';
import { type Db, preparedPerDb } from '../db/client';
import { type Challenge, nonces, sessions } from './tables';
import { memberFields, memberLines, members } from '../users/relations';
import { FlowError } from '../errors';
import type { User } from '../users/registry';

/** A random guid bound to the address, valid for ttlSeconds; the address's older sessions end with it. */
export async function openSession(db: Db, clock: Clock, address: Address, ttlSeconds: number): Promise<string> {
  const guid = randomBytes(32).toString('hex');
  await db.transaction(async (tx) => {
    await tx.delete(sessions).where(eq(sessions.address, address));
    await tx.insert(sessions).values({ guid, address, expiresAt: new Date(clock.now().getTime() + ttlSeconds * 1000) });
  });
  return guid;
}

/** logout: this session ends (other devices were already signed out by the last login). */
export async function endSession(db: Db, guid: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.guid, guid));
}

/** The unexpired session of the placeholders guid and address (and `now`), for queries joining sessions to users. */
export const liveSession = () =>
  and(eq(sessions.guid, sql.placeholder('guid')), eq(sessions.address, sql.placeholder('address')), gt(sessions.expiresAt, sql.placeholder('now')));

/**
 * liveSession joined to the member, for a raw statement that runs only for a signed-in, registered address: `from`
 * names the session `s` and the member `u`, `where` keeps the unexpired session of this guid and address.
 */
export function inRegisteredSession(guid: SQLWrapper, address: SQLWrapper, now: SQLWrapper) {
  return {
    from: sql`${sessions} s join ${memberLines} u on u.address = s.address`,
    where: sql`s.guid = ${guid} and s.address = ${address} and s.expires_at > ${now}::timestamptz`,
  };
}

/** A session query's row as a signed-in member: '302' without a session, '301' when its address is not registered. */
export function signedIn<T extends { user: object | null }>(found: T | undefined): T & { user: NonNullable<T['user']> } {
  if (!found) throw new FlowError('302');
  if (!found.user) throw new FlowError('301');
  return found as T & { user: NonNullable<T['user']> };
}

/** The session of this guid and address, unexpired, with the address's user (null when not registered): one round trip. */
const sessionWithUser = preparedPerDb((db) =>
  db
    .select({ user: memberFields })
    .from(sessions)
    .leftJoin(members, eq(members.address, sessions.address))
    .where(liveSession())
    .limit(1)
    .prepare('session_user'),
);

/** The signed-in member making the request: '302' without a session of this address, '301' when not registered. */
export async function sessionUser(db: Db, clock: Clock, guid: string | undefined, address: Address): Promise<User> {
  if (!guid) throw new FlowError('302');
  const [found] = await sessionWithUser(db).execute({ guid, address, now: clock.now().toISOString() });
  return signedIn(found).user;
}

/**
 * sessionWithUser and the challenge of this nonce for the session's address, in one round trip: what a signed
 * call reads before the signature is checked (server/http/route.ts).
 */
const sessionWithUserAndChallenge = preparedPerDb((db) =>
  db
    .select({ user: memberFields, challenge: nonces })
    .from(sessions)
    .leftJoin(members, eq(members.address, sessions.address))
    .leftJoin(nonces, and(eq(nonces.nonce, sql.placeholder('nonce')), eq(nonces.address, sessions.address)))
    .where(liveSession())
    .limit(1)
    .prepare('session_user_challenge'),
);

/** sessionUser, with the stored challenge of this nonce and address (null when there is none). */
export async function signedSessionUser(
  db: Db,
  clock: Clock,
  guid: string | undefined,
  address: Address,
  nonce: string,
): Promise<{ user: User; challenge: Challenge | null }> {
  if (!guid) throw new FlowError('302');
  const [found] = await sessionWithUserAndChallenge(db).execute({ guid, address, nonce, now: clock.now().toISOString() });
  return signedIn(found);
}
