import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Address, Hex } from 'viem';
import * as inputs from '../../lib/api/inputs';
import type { Purpose } from '../../lib/api/purposes';
import type { Clock } from '../clock';
import { type Db, preparedPerDb } from '../db/client';
import { nonces } from '../db/schema';
import { AppError } from '../errors';
import { isSignedBy } from './signer';

/** The fields a challenge is bound to, as canonical JSON: none for login, the inviter for reg, an action's own input fields. */
export function boundParams(purpose: Purpose, fields: Record<string, string>): string {
  const keys = purpose === 'login' ? [] : purpose === 'reg' ? ['intro_address'] : Object.keys(inputs[purpose].shape);
  return JSON.stringify(Object.fromEntries(keys.sort().map((k) => [k, fields[k] ?? ''])));
}

export type ChallengeRequest = { address: Address; purpose: Purpose; params: string; ttlSeconds: number };

/**
 * A random nonce for one address, one purpose and one set of fields, valid ttlSeconds, stored with the exact
 * message the wallet will sign (written by `wording` from the nonce and the expiry).
 */
export async function issueChallenge(db: Db, clock: Clock, req: ChallengeRequest, wording: (nonce: string, expiresAt: Date) => string) {
  const nonce = randomBytes(16).toString('hex');
  const expiresAt = new Date(clock.now().getTime() + req.ttlSeconds * 1000);
  const message = wording(nonce, expiresAt);
  await insertNonce(db).execute({ nonce, address: req.address, purpose: req.purpose, params: req.params, message, expiresAt });
  return { nonce, message };
}

const insertNonce = preparedPerDb((db) =>
  db
    .insert(nonces)
    .values({
      nonce: sql.placeholder('nonce'), address: sql.placeholder('address'), purpose: sql.placeholder('purpose'),
      params: sql.placeholder('params'), message: sql.placeholder('message'), expiresAt: sql.placeholder('expiresAt'),
    })
    .prepare('insert_nonce'),
);

const findNonce = preparedPerDb((db) =>
  db.select().from(nonces).where(and(eq(nonces.nonce, sql.placeholder('nonce')), eq(nonces.address, sql.placeholder('address')))).limit(1).prepare('find_nonce'),
);

const markNonceUsed = preparedPerDb((db) =>
  db
    .update(nonces)
    .set({ usedAt: sql`${sql.placeholder('usedAt')}::timestamptz` })
    .where(and(eq(nonces.nonce, sql.placeholder('nonce')), eq(nonces.address, sql.placeholder('address')), isNull(nonces.usedAt), gt(nonces.expiresAt, sql.placeholder('now'))))
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

/** A challenge as stored (nonces); read on its own by spendChallenge, or with the session by signedSessionUser. */
export type Challenge = typeof nonces.$inferSelect;

/** spendChallenge for a challenge row already read (null when there is none of this nonce and address). */
export async function spendChallengeRead(db: Db, clock: Clock, row: Challenge | null | undefined, req: SpendRequest): Promise<void> {
  if (!row || row.usedAt || row.expiresAt <= clock.now()) throw new AppError('nonceInvalid');
  if (row.purpose !== req.purpose || row.params !== req.params) throw new AppError('nonceOtherAction');
  if (!isSignedBy(row.message, req.signature, req.address)) throw new AppError('signatureInvalid');
  await consumeNonce(db, clock, req.nonce, req.address);
}
