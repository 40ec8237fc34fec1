import { sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import type { StatementGuard } from '../db/guard';
import { AppError } from '../errors';
import type { IssuedChallenge, IssuedChallenges } from './issued-challenges';
import { type SpendRequest, challengeGuard, checkChallenge } from './nonces';
import { inRegisteredSession, signedSessionUser } from './sessions';
import { nonces } from './tables';

const spendingSession = inRegisteredSession(sql.placeholder('guardGuid'), sql`n.address`, sql.placeholder('guardNow'));
/**
 * The session (unexpired, of this guid and address), the registration and the challenge (this address's, unused,
 * unexpired, of this action, these fields and this message), all checked in the action's own statement, which uses
 * the challenge up and finds the member: `member_id`.
 */
const spendInSession = sql`guard as (
    update ${nonces} n set used_at = ${sql.placeholder('guardNow')}::timestamptz
    from ${spendingSession.from}
    where n.nonce = ${sql.placeholder('guardNonce')} and n.address = ${sql.placeholder('guardAddress')}
      and n.used_at is null and n.expires_at > ${sql.placeholder('guardNow')}::timestamptz
      and n.purpose = ${sql.placeholder('guardPurpose')} and n.params = ${sql.placeholder('guardParams')} and n.message = ${sql.placeholder('guardMessage')}
      and ${spendingSession.where}
    returning u.id as member_id)`;

type Deps = { db: Db; clock: Clock; issued?: IssuedChallenges };

/**
 * The guard of a signed action that spends its challenge in its own statement (db/guard.ts), answering as the
 * route's separate checks do: '302' without a session of this address, '301' when not registered, then the
 * challenge's refusals (nonces.ts checkChallenge).
 *
 * When this server issued the challenge (`issued`), its signature is checked against the message remembered, and
 * the session and challenge are checked in the action's statement alone: one round trip. A statement that refuses
 * then reads why (the session, then the challenge). Otherwise, or when a remembered challenge fails a check (so
 * that '302' and '301' still come first), the session, member and challenge are read first, as for any signed call.
 */
export async function signedActionGuard(deps: Deps, guid: string | undefined, spend: SpendRequest): Promise<StatementGuard> {
  const remembered = deps.issued?.take(spend.nonce, spend.address);
  if (remembered && guid && passes(deps.clock, remembered, spend)) {
    return {
      name: 'session_challenge',
      cte: spendInSession,
      member: sql`(select member_id from guard)`,
      values: {
        guardNonce: spend.nonce,
        guardAddress: spend.address,
        guardNow: deps.clock.now().toISOString(),
        guardPurpose: remembered.purpose,
        guardParams: remembered.params,
        guardMessage: remembered.message,
        guardGuid: guid,
      },
      refused: () => whyRefused(deps, guid, spend),
    };
  }
  const read = await signedSessionUser(deps.db, deps.clock, guid, spend.address, spend.nonce);
  return challengeGuard(deps.clock, read.challenge, spend, read.user.id);
}

function passes(clock: Clock, remembered: IssuedChallenge, spend: SpendRequest): boolean {
  try {
    checkChallenge(clock, remembered, spend);
    return true;
  } catch {
    return false;
  }
}

/** Why the statement's guard yielded nothing: the session ended, the address is not registered, or the challenge was used or expired. */
async function whyRefused(deps: Deps, guid: string, spend: SpendRequest): Promise<never> {
  const read = await signedSessionUser(deps.db, deps.clock, guid, spend.address, spend.nonce);
  checkChallenge(deps.clock, read.challenge, spend);
  throw new AppError('nonceInvalid');
}
