import { eq, sql } from 'drizzle-orm';
import type { Address } from 'viem';
import { SYSTEM_REASONS } from '../../lib/api/reasons';
import type { Clock } from '../clock';
import type { Tx } from '../db/client';
import { balances, transfers } from './tables';
import { AppError } from '../errors';
import { findUser } from '../users/registry';
import { post } from './ledger';
import { minimumFor } from './limits';

export type TransferEvent = { txHash: string; logIndex: number; from: Address; to: Address; amount: bigint; fee: bigint; blockNumber: number };

/**
 * Records a TransferRequested event once per (tx hash, log index): the sender is debited and the receiver
 * credited together, or, when either is not a member, they are the same, the amount is below the minimum or
 * the sender's balance is short, the record fails and nothing moves. Runs in the indexer's transaction.
 */
export async function recordTransferRequest(tx: Tx, event: TransferEvent, clock: Clock): Promise<void> {
  const [sender, receiver] = [await findUser(tx, event.from), await findUser(tx, event.to)];
  const [row] = await tx
    .insert(transfers)
    .values({
      txHash: event.txHash,
      logIndex: event.logIndex,
      fromAddress: event.from,
      toAddress: event.to,
      fromUserId: sender?.id ?? null,
      toUserId: receiver?.id ?? null,
      amount: event.amount,
      fee: event.fee,
      blockNumber: event.blockNumber,
      status: 'done',
      createdAt: clock.now(),
    })
    .onConflictDoNothing({ target: [transfers.txHash, transfers.logIndex] })
    .returning({ id: transfers.id });
  if (!row) return;
  const fail = (reason: string) => tx.update(transfers).set({ status: 'failed', reason }).where(eq(transfers.id, row.id));
  if (!sender || !receiver) return void (await fail(SYSTEM_REASONS.notMember));
  if (sender.id === receiver.id) return void (await fail(SYSTEM_REASONS.self));
  if (event.amount < (await minimumFor(tx, 'transfer'))) return void (await fail(SYSTEM_REASONS.belowMinimum));
  // Both balances locked in user order first: post() locks the sender's, then the receiver's, so transfers each
  // way between two members at once locked them in opposite orders and one failed with a deadlock (races.test.ts).
  await tx.execute(sql`select 1 from ${balances} where user_id in (${sender.id}, ${receiver.id}) order by user_id for update`);
  try {
    await tx.transaction(async (sp) => {
      await post(sp, { userId: sender.id, type: 'transfer-out', amount: -event.amount, key: `transfer-out:${row.id}` });
      await post(sp, { userId: receiver.id, type: 'transfer-in', amount: event.amount, key: `transfer-in:${row.id}` });
    });
  } catch (error) {
    if (!(error instanceof AppError && error.key === 'insufficientBalance')) throw error;
    await fail(SYSTEM_REASONS.insufficient);
  }
}
