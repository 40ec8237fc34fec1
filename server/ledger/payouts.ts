import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Account, Address, Hash, PublicClient, WalletClient } from 'viem';
import { vaultAbi } from '../../abi';
import type { Clock } from '../clock';
import { type Db, rowsOf } from '../db/client';
import { withdrawals } from '../db/schema';

const PAYOUT_LOCK = 731_002; // pg advisory lock id of the payout job
const BATCH = 20;

export type PayoutChain = { client: PublicClient; wallet: WalletClient; operator: Account; vault: Address; confirmations: number };
export type PayoutReport = { ran: boolean; sent: number; confirmed: number; recovered: number };

/**
 * Pays approved withdrawals on chain with Vault.payout(id, address, amount) from the operator key, and
 * marks each paid once its transaction has the configured confirmations. The Vault pays an id once, so a
 * crash between sending and recording can never pay twice: the next run finds the id paid on chain and
 * recovers the hash from the PaidOut event instead of sending again. One runner at a time (advisory lock).
 */
export async function runPayouts(db: Db, chain: PayoutChain, clock: Clock): Promise<PayoutReport> {
  return db.transaction(async (tx) => {
    const [lock] = await rowsOf<{ ok: boolean }>(tx, sql`select pg_try_advisory_xact_lock(${PAYOUT_LOCK}) as ok`);
    const report: PayoutReport = { ran: Boolean(lock?.ok), sent: 0, confirmed: 0, recovered: 0 };
    if (!lock?.ok) return report;
    const due = await tx.select().from(withdrawals)
      .where(and(eq(withdrawals.status, 'audit-successful'), isNull(withdrawals.paidAt)))
      .orderBy(asc(withdrawals.id)).limit(BATCH);
    const head = await chain.client.getBlockNumber({ cacheTime: 0 });
    for (const w of due) {
      const set = (values: Partial<typeof withdrawals.$inferInsert>) => tx.update(withdrawals).set(values).where(eq(withdrawals.id, w.id));
      if (w.payoutTxHash) {
        const receipt = await chain.client.getTransactionReceipt({ hash: w.payoutTxHash as Hash }).catch(() => null);
        if (receipt?.status === 'success' && head - receipt.blockNumber >= BigInt(chain.confirmations)) {
          await set({ paidAt: clock.now() });
          report.confirmed += 1;
        } else if (receipt?.status === 'reverted') {
          // Reverted (for example AlreadyPaid after a resend): find the payment that did go through, or retry.
          await set({ payoutTxHash: (await paidHash(chain, w.id, w.blockNumber)) ?? null });
        }
        continue;
      }
      const already = await paidHash(chain, w.id, w.blockNumber);
      if (already) {
        await set({ payoutTxHash: already });
        report.recovered += 1;
        continue;
      }
      const hash = await chain.wallet.writeContract({
        address: chain.vault, abi: vaultAbi, functionName: 'payout', args: [BigInt(w.id), w.address as Address, w.amount],
        account: chain.operator, chain: chain.wallet.chain,
      });
      await set({ payoutTxHash: hash });
      report.sent += 1;
    }
    return report;
  });
}

/** The transaction that paid this withdrawal id, when the Vault says it is paid. */
async function paidHash(chain: PayoutChain, id: number, fromBlock: number): Promise<Hash | undefined> {
  const paid = await chain.client.readContract({ address: chain.vault, abi: vaultAbi, functionName: 'withdrawalPaid', args: [BigInt(id)] });
  if (!paid) return undefined;
  const logs = await chain.client.getContractEvents({ address: chain.vault, abi: vaultAbi, eventName: 'PaidOut', args: { withdrawalId: BigInt(id) }, fromBlock: BigInt(fromBlock), strict: true });
  return logs[0]?.transactionHash ?? undefined;
}
