import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { type Account, type Address, BaseError, ContractFunctionRevertedError, type Hash, type PublicClient, type WalletClient, formatEther } from 'viem';
import { vaultAbi } from '../../abi';
import type { Clock } from '../clock';
import { type Db, rowsOf } from '../db/client';
import { withdrawals } from '../db/schema';
import { logger } from '../log';

const PAYOUT_LOCK = 731_002; // pg advisory lock id of the payout job
const BATCH = 20;

export type PayoutChain = { client: PublicClient; wallet: WalletClient; operator: Account; vault: Address; confirmations: number };
/** `deferred`: withdrawals the Vault refused for now (see RETRY_LATER); they stay approved and unpaid. */
export type PayoutReport = { ran: boolean; sent: number; confirmed: number; recovered: number; deferred: { id: number; refusal: Refusal }[] };

/**
 * The Vault's refusals that mean "not now" rather than "never": the owner paused payouts, the payout is
 * above the cap per payout, the UTC day's cap is used up, or the Vault holds too little WLD. The owner
 * lifts them (unpause, setPayoutCaps, a top-up) or the day rolls over; the next run simply tries again.
 */
const RETRY_LATER = ['EnforcedPause', 'PayoutAboveCap', 'DailyPayoutCapExceeded', 'InsufficientBalance'] as const;
export type Refusal = (typeof RETRY_LATER)[number];

/**
 * Pays approved withdrawals on chain with Vault.payout(id, address, amount) from the operator key, and
 * marks each paid once its transaction has the configured confirmations. The Vault pays an id once, so a
 * crash between sending and recording can never pay twice: the next run finds the id paid on chain and
 * recovers the hash from the PaidOut event instead of sending again. One runner at a time (advisory lock).
 * When the Vault refuses a payout for now (paused, a cap, too little WLD: RETRY_LATER), nothing is sent or
 * marked: the withdrawal stays approved and unpaid, `log` says why, and the next run tries again.
 */
export async function runPayouts(db: Db, chain: PayoutChain, clock: Clock, log: (line: string) => void = (line) => logger.warn({ task: 'payouts' }, line)): Promise<PayoutReport> {
  return db.transaction(async (tx) => {
    const [lock] = await rowsOf<{ ok: boolean }>(tx, sql`select pg_try_advisory_xact_lock(${PAYOUT_LOCK}) as ok`);
    const report: PayoutReport = { ran: Boolean(lock?.ok), sent: 0, confirmed: 0, recovered: 0, deferred: [] };
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
      const sent = await chain.wallet.writeContract({
        address: chain.vault, abi: vaultAbi, functionName: 'payout', args: [BigInt(w.id), w.address as Address, w.amount],
        account: chain.operator, chain: chain.wallet.chain,
      }).catch((error: unknown) => {
        const why = refusalOf(error);
        if (!why) throw error;
        return { refused: why };
      });
      if (typeof sent !== 'string') {
        // Nothing was sent: no hash, no paid time; the withdrawal stays approved for the next run.
        report.deferred.push({ id: w.id, refusal: sent.refused });
        log(`payouts: withdrawal ${w.id} (${formatEther(w.amount)} WLD to ${w.address}) not paid: the Vault refused with ${sent.refused}; it stays approved and unpaid and is retried on the next run`);
        if (sent.refused === 'EnforcedPause') break; // paused: every other payout would be refused the same way
        continue;
      }
      await set({ payoutTxHash: sent });
      report.sent += 1;
    }
    return report;
  });
}

/** The Vault's custom error when the payout's gas estimate reverted with one of RETRY_LATER; else undefined. */
function refusalOf(error: unknown): Refusal | undefined {
  if (!(error instanceof BaseError)) return undefined;
  const revert = error.walk((e) => e instanceof ContractFunctionRevertedError);
  const name = revert instanceof ContractFunctionRevertedError ? revert.data?.errorName : undefined;
  return RETRY_LATER.find((r) => r === name);
}

/** The transaction that paid this withdrawal id, when the Vault says it is paid. */
async function paidHash(chain: PayoutChain, id: number, fromBlock: number): Promise<Hash | undefined> {
  const paid = await chain.client.readContract({ address: chain.vault, abi: vaultAbi, functionName: 'withdrawalPaid', args: [BigInt(id)] });
  if (!paid) return undefined;
  const logs = await chain.client.getContractEvents({ address: chain.vault, abi: vaultAbi, eventName: 'PaidOut', args: { withdrawalId: BigInt(id) }, fromBlock: BigInt(fromBlock), strict: true });
  return logs[0]?.transactionHash ?? undefined;
}
