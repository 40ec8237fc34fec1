import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Address, Hex } from 'viem';
import * as inputs from '../../lib/api/inputs';
import type { Purpose } from '../../lib/api/purposes';
import type { Clock } from '../clock';
import { type Db, preparedPerDb, preparedRows } from '../db/client';
import type { StatementGuard } from '../db/guard';
import { type Challenge, nonces } from './tables';
import { AppError } from '../errors';
import type { IssuedChallenges, IssuedChallenge } from './issued-challenges';
import { inRegisteredSession } from './sessions';
import { isSignedBy } from './signer';

/** The fields a challenge is bound to, as canonical JSON: none for login, the inviter for reg, an action's own input fields. */
export function boundParams(purpose: Purpose, fields: Record<string, string>): string {
  const keys = purpose === 'login' ? [] : purpose === 'reg' ? ['intro_address'] : Object.keys(inputs[purpose].shape);
  return JSON.stringify(Object.fromEntries(keys.sort().map((k) => [k, fields[k] ?? ''])));
}

export type ChallengeRequest = { address: Address; purpose: Purpose; params: string; ttlSeconds: number };

/** A fresh nonce, its expiry and the exact message the wallet will sign (written by `wording` from the nonce and the expiry). */
function newChallenge(clock: Clock, req: ChallengeRequest, wording: (nonce: string, expiresAt: Date) => string) {
  const nonce = randomBytes(16).toString('hex');
  const expiresAt = new Date(clock.now().getTime() + req.ttlSeconds * 1000);
  return { nonce, expiresAt, message: wording(nonce, expiresAt) };
}

/** A random nonce for one address, one purpose and one set of fields, valid ttlSeconds, stored with the message to sign. */
export async function issueChallenge(db: Db, clock: Clock, req: ChallengeRequest, wording: (nonce: string, expiresAt: Date) => string) {
  const { nonce, expiresAt, message } = newChallenge(clock, req, wording);
  await insertNonce(db).execute({ nonce, address: req.address, purpose: req.purpose, params: req.params, message, expiresAt });
  return { nonce, message };
}

/**
 * issueChallenge for a signed action, stored only while the session `guid` of the address is live and the
 * address registered: the session check and the nonce in one round trip. Null when nothing was stored (the
 * caller asks sessionUser why: '302' or '301').
 */
export async function issueSessionChallenge(
  db: Db,
  clock: Clock,
  req: ChallengeRequest & { guid: string },
  wording: (nonce: string, expiresAt: Date) => string,
  issued?: IssuedChallenges,
) {
  const { nonce, expiresAt, message } = newChallenge(clock, req, wording);
  const stored = await insertNonceInSession(db).rows({
    nonce,
    address: req.address,
    purpose: req.purpose,
    params: req.params,
    message,
    expiresAt: expiresAt.toISOString(),
    guid: req.guid,
    now: clock.now().toISOString(),
  });
  if (stored.length !== 1) return null;
  issued?.remember(nonce, { address: req.address, purpose: req.purpose, params: req.params, message, expiresAt });
  return { nonce, message };
}

const storingSession = inRegisteredSession(sql.placeholder('guid'), sql.placeholder('address'), sql.placeholder('now'));
const insertNonceInSession = preparedRows<{ nonce: string }>(
  'insert_nonce_in_session',
  sql`
  insert into ${nonces} (nonce, address, purpose, params, message, expires_at)
  select ${sql.placeholder('nonce')}::text, ${sql.placeholder('address')}::text, ${sql.placeholder('purpose')}::text, ${sql.placeholder('params')}::text,
    ${sql.placeholder('message')}::text, ${sql.placeholder('expiresAt')}::timestamptz
  where exists (select 1 from ${storingSession.from} where ${storingSession.where})
  returning nonce`,
);

const insertNonce = preparedPerDb((db) =>
  db
    .insert(nonces)
    .values({
      nonce: sql.placeholder('nonce'),
      address: sql.placeholder('address'),
      purpose: sql.placeholder('purpose'),
      params: sql.placeholder('params'),
      message: sql.placeholder('message'),
      expiresAt: sql.placeholder('expiresAt'),
    })
    .prepare('insert_nonce'),
);

const findNonce = preparedPerDb((db) =>
  db
    .select()
    .from(nonces)
    .where(and(eq(nonces.nonce, sql.placeholder('nonce')), eq(nonces.address, sql.placeholder('address'))))
    .limit(1)
    .prepare('find_nonce'),
);

const markNonceUsed = preparedPerDb((db) =>
  db
    .update(nonces)
    .set({ usedAt: sql`${sql.placeholder('usedAt')}::timestamptz` })
    .where(
      and(
        eq(nonces.nonce, sql.placeholder('nonce')),
        eq(nonces.address, sql.placeholder('address')),
        isNull(nonces.usedAt),
        gt(nonces.expiresAt, sql.placeholder('now')),
      ),
    )
    .returning({ nonce: nonces.nonce })
    .prepare('use_nonce'),
);

/** Marks the nonce used, atomically; a used, expired, unknown or foreign nonce fails and changes nothing. */
async function consumeNonce(db: Db, clock: Clock, nonce: string, address: Address): Promise<void> {
  const now = clock.now().toISOString();
  const used = await markNonceUsed(db).execute({ nonce, address, now, usedAt: now });
  if (used.length !== 1) throw new AppError('nonceInvalid');
}

export type SpendRequest = { address: Address; purpose: Purpose; params: string; nonce: string; signature: Hex };

/**
 * Accepts the wallet's signature of a challenge only for the address, purpose and fields it was issued
 * for, once, before expiry; the nonce is looked up before any signature is checked, and used up in its own
 * commit before the caller acts, so an action that then fails cannot be replayed with the same signature.
 */
export async function spendChallenge(db: Db, clock: Clock, req: SpendRequest): Promise<void> {
  const [row] = await findNonce(db).execute({ nonce: req.nonce, address: req.address });
  await spendChallengeRead(db, clock, row, req);
}

/** spendChallenge for a challenge row already read (null when there is none of this nonce and address). */
export async function spendChallengeRead(db: Db, clock: Clock, row: Challenge | null | undefined, req: SpendRequest): Promise<void> {
  checkChallenge(clock, row, req);
  await consumeNonce(db, clock, req.nonce, req.address);
}

/**
 * Every check of spendChallengeRead but using it up: unknown, used, expired, another action's, or signed by someone
 * else. Also for a challenge remembered as issued (no `usedAt`: the statement that spends it checks that).
 */
export function checkChallenge(clock: Clock, row: (IssuedChallenge & { usedAt?: Date | null }) | null | undefined, req: SpendRequest): void {
  if (!row || row.usedAt || row.expiresAt <= clock.now()) throw new AppError('nonceInvalid');
  if (row.purpose !== req.purpose || row.params !== req.params) throw new AppError('nonceOtherAction');
  if (!isSignedBy(row.message, req.signature, req.address)) throw new AppError('signatureInvalid');
}

/** Uses the nonce up as consumeNonce does, as the `guard` of the action's own statement (db/guard.ts). */
const spendInStatement = sql`guard as (
    update ${nonces} set used_at = ${sql.placeholder('guardNow')}::timestamptz
    where nonce = ${sql.placeholder('guardNonce')} and address = ${sql.placeholder('guardAddress')}
      and used_at is null and expires_at > ${sql.placeholder('guardNow')}::timestamptz
    returning nonce)`;

/**
 * spendChallengeRead for an action that uses the nonce up in its own statement (one round trip fewer), by a member
 * already read with the session (`memberId`): the checks here, the use as the returned guard. A statement refused
 * after the guard passed (say, on balance) still commits the nonce's use, as spendChallengeRead's separate commit
 * does; one that fails with an error uses up nothing and changes nothing, so its signature can only repeat that
 * same action. A guard that yields nothing was beaten to the nonce by a concurrent call with the same signature.
 */
export function challengeGuard(clock: Clock, row: Challenge | null | undefined, req: SpendRequest, memberId: number): StatementGuard {
  checkChallenge(clock, row, req);
  return {
    name: 'challenge',
    cte: spendInStatement,
    member: sql`${sql.placeholder('guardMember')}::int`,
    values: { guardNonce: req.nonce, guardAddress: req.address, guardNow: clock.now().toISOString(), guardMember: memberId },
    refused: () => Promise.reject(new AppError('nonceInvalid')),
  };
}
