import { and, eq, isNull } from 'drizzle-orm';
import type { Address } from 'viem';
import type { Clock } from '../clock';
import type { Db, Tx } from '../db/client';
import { balances, deposits } from './tables';
import { findUser, lockAddress, type User } from '../users/registry';
import { post } from './ledger';

/** A Recharged event where it sits on chain: (tx hash, log index) is its id; the Vault keeps no recharge counter. */
export type RechargeEvent = { txHash: string; logIndex: number; address: Address; amount: bigint; fee: bigint; blockNumber: number };

/** Records a Recharged event once per (tx hash, log index) and credits it when the depositor is registered. */
export async function recordDeposit(tx: Tx, event: RechargeEvent, clock: Clock): Promise<void> {
  await lockAddress(tx, event.address);
  await tx
    .insert(deposits)
    .values({ ...event, createdAt: clock.now() })
    .onConflictDoNothing({ target: [deposits.txHash, deposits.logIndex] });
  const user = await findUser(tx, event.address);
  if (user) await creditPending(tx, user, clock);
}

/** Credits every uncredited deposit of the user's address; safe to repeat. */
export async function creditPending(tx: Tx, user: User, clock: Clock): Promise<void> {
  const pending = await tx
    .select()
    .from(deposits)
    .where(and(eq(deposits.address, user.address), isNull(deposits.creditedAt)))
    .for('update');
  for (const d of pending) {
    await post(tx, { userId: user.id, type: 'deposit', amount: d.amount, depositId: d.id, key: `deposit:${d.txHash}:${d.logIndex}` });
    await tx.update(deposits).set({ creditedAt: clock.now() }).where(eq(deposits.id, d.id));
  }
}

/** A new user starts with a zero balance plus anything they deposited before registering. */
export async function onRegistered(tx: Tx, user: User, clock: Clock): Promise<void> {
  await tx.insert(balances).values({ userId: user.id, amount: 0n }).onConflictDoNothing();
  await creditPending(tx, user, clock);
}

export const depositsOf = (db: Db, address: Address) => db.select().from(deposits).where(eq(deposits.address, address));
