import { randomBytes } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import type { Address } from 'viem';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { sessions } from '../db/schema';
import { FlowError } from '../errors';

/** A random guid bound to the address, valid for ttlSeconds. */
export async function openSession(db: Db, clock: Clock, address: Address, ttlSeconds: number): Promise<string> {
  const guid = randomBytes(32).toString('hex');
  await db.insert(sessions).values({ guid, address, expiresAt: new Date(clock.now().getTime() + ttlSeconds * 1000) });
  return guid;
}

/** The session must exist, be unexpired and belong to the request's address; otherwise '302'. */
export async function requireSession(db: Db, clock: Clock, guid: string | undefined, address: Address): Promise<void> {
  if (!guid) throw new FlowError('302');
  const found = await db
    .select({ guid: sessions.guid })
    .from(sessions)
    .where(and(eq(sessions.guid, guid), eq(sessions.address, address), gt(sessions.expiresAt, clock.now())))
    .limit(1);
  if (found.length !== 1) throw new FlowError('302');
}
