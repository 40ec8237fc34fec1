import { type Address, type Hex, getAddress } from 'viem';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { AppError, FlowError } from '../errors';
import { onRegistered } from '../ledger/deposits';
import { findUser, registerUser } from '../users/registry';
import { consumeNonce } from './nonces';
import { openSession } from './sessions';
import { assertSignedNonce } from './signatures';

type Deps = { db: Db; clock: Clock; config: { sessionTtlSeconds: number } };
export type SignedNonce = { nonce: string; signature: Hex };

/** '301' when the address is not registered. */
export async function requireRegistered(db: Db, address: Address): Promise<void> {
  if (!(await findUser(db, address))) throw new FlowError('301');
}

/** A session for a registered address; the nonce is used up only when the login succeeds. */
export async function login(deps: Deps, address: Address, signed: SignedNonce): Promise<{ guid: string }> {
  await assertSignedNonce(address, signed.nonce, signed.signature);
  await requireRegistered(deps.db, address);
  await consumeNonce(deps.db, deps.clock, signed.nonce, address);
  return { guid: await openSession(deps.db, deps.clock, address, deps.config.sessionTtlSeconds) };
}

/**
 * Registers the address under its inviter. The nonce is used in the registration's transaction, so a
 * refused registration leaves it unused; deposits made before registering are credited here.
 */
export async function register(deps: Deps, address: Address, req: SignedNonce & { inviter: string }): Promise<Record<string, never>> {
  await assertSignedNonce(address, req.nonce, req.signature);
  const inviter = checksum(req.inviter);
  await deps.db.transaction(async (tx) => {
    const user = await registerUser(tx, address, inviter);
    await consumeNonce(tx, deps.clock, req.nonce, address);
    await onRegistered(tx, user, deps.clock);
  });
  return {};
}

function checksum(address: string): Address {
  try {
    return getAddress(address);
  } catch {
    throw new AppError('invalidAddress');
  }
}
