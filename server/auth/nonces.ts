import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Address, Hex } from 'viem';
import type { Clock } from '../clock';
import type { Db, Queryable } from '../db/client';
import { nonces } from '../db/schema';
import { AppError } from '../errors';
import { assertSignedNonce } from './signatures';

/** A random single-use nonce bound to the address, valid for ttlSeconds. */
export async function issueNonce(db: Db, clock: Clock, address: Address, ttlSeconds: number): Promise<string> {
  const nonce = randomBytes(16).toString('hex');
  await db.insert(nonces).values({ nonce, address, expiresAt: new Date(clock.now().getTime() + ttlSeconds * 1000) });
  return nonce;
}

/** Marks the nonce used, atomically; a used, expired, unknown or foreign nonce fails and changes nothing. */
export async function consumeNonce(db: Queryable, clock: Clock, nonce: string, address: Address): Promise<void> {
  const now = clock.now();
  const used = await db
    .update(nonces)
    .set({ usedAt: now })
    .where(and(eq(nonces.nonce, nonce), eq(nonces.address, address), isNull(nonces.usedAt), gt(nonces.expiresAt, now)))
    .returning({ nonce: nonces.nonce });
  if (used.length !== 1) throw new AppError('nonceInvalid');
}

/** The wallet's personal signature over the hex-encoded nonce, then the nonce used up in its own commit. */
export async function spendSignedNonce(db: Db, clock: Clock, address: Address, nonce: string, signature: Hex): Promise<void> {
  await assertSignedNonce(address, nonce, signature);
  await consumeNonce(db, clock, nonce, address);
}
