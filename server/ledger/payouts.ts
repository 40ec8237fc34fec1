import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import {
  type Account,
  type Address,
  BaseError,
  ContractFunctionRevertedError,
  type Hash,
  type Hex,
  type PublicClient,
  type WalletClient,
  formatEther,
  getAddress,
} from 'viem';
import { vaultAbi } from '../../abi';
import type { Clock } from '../clock';
import { type ConfirmationRule, confirmedBlock, isConfirmed } from '../confirmations';
import { type Db, type Queryable, rowsOf } from '../db/client';
import { ADVISORY_LOCKS } from '../db/locks';
import { withdrawals } from './tables';
import { logger } from '../log';

const BATCH = 20;

/**
 * `signatures`: a withdrawal's approvals as the Vault's payout takes them (the operators' EIP-712 signatures,
 * by signer ascending); the approvals live in the operators domain, above this one, so the caller passes it in.
 */
export type PayoutChain = {
  client: PublicClient;
  wallet: WalletClient;
  operator: Account;
  vault: Address;
  signatures: (db: Queryable, withdrawalId: number) => Promise<Hex[]>;
} & ConfirmationRule;
/**
 * `deferred`: withdrawals the Vault refused for now (see RETRY_LATER); they stay approved and unpaid.
 * `flagged`: withdrawals set aside for the operator (payoutProblem), e.g. paid on chain other than owed.
 */
export type PayoutReport = {
  ran: boolean;
  sent: number;
  confirmed: number;
  recovered: number;
  flagged: { id: number; problem: string }[];
  deferred: { id: number; refusal: Refusal }[];
};

/**
 * The Vault's refusals that mean "not now" rather than "never": the owner paused payouts, the payout is
 * above the cap per payout, the UTC day's cap is used up, or the Vault holds too little WLD. The owner
 * lifts them (unpause, setPayoutCaps, a top-up) or the day rolls over; the next run simply tries again.
 */
const RETRY_LATER = ['EnforcedPause', 'PayoutAboveCap', 'DailyPayoutCapExceeded', 'InsufficientBalance'] as const;
export type Refusal = (typeof RETRY_LATER)[number];

/**
 * Pays approved withdrawals on chain with Vault.payout(requestId, amount, signatures) from the operator key (the
 * approvers' signatures: the key alone pays nothing), and marks each
 * paid once its transaction's block is confirmed (server/confirmations.ts). The Vault pays a request only to its requester,
 * at most its amount, once, so a crash between sending and recording can never pay twice: the next run finds
 * the request paid on chain and recovers the hash from the PaidOut event instead of sending again. Before
 * trusting a PaidOut (or sending), the job compares the Vault's record with the row: a PaidOut to another
 * address or of another amount (another key paid it: a leaked operator key), or a request whose requester or
 * amount differs from the row, is flagged in `payoutProblem` for the operator (`withdrawals.flagged`), the row
 * stays unpaid and is skipped from then on, and the job goes on with the next withdrawal. One runner at a
 * time (advisory lock). When the Vault refuses a payout for now (paused, a cap, too little WLD: RETRY_LATER),
 * nothing is sent or marked: the withdrawal stays approved and unpaid, `log` says why, and the next run tries again.
 * When it refuses the approvals (too few for the amount, a signer no longer an approver), the withdrawal is flagged
 * with what to do: approving again will not help until the Vault's approvers or threshold change.
 */
export async function runPayouts(
  db: Db,
  chain: PayoutChain,
  clock: Clock,
  log: (line: string) => void = (line) => logger.warn({ task: 'payouts' }, line),
): Promise<PayoutReport> {
  return db.transaction(async (tx) => {
    const [lock] = await rowsOf<{ ok: boolean }>(tx, sql`select pg_try_advisory_xact_lock(${ADVISORY_LOCKS.payoutJob}) as ok`);
    const report: PayoutReport = { ran: Boolean(lock?.ok), sent: 0, confirmed: 0, recovered: 0, flagged: [], deferred: [] };
    if (!lock?.ok) return report;
    const due = await tx
      .select()
      .from(withdrawals)
      .where(and(eq(withdrawals.status, 'audit-successful'), isNull(withdrawals.paidAt), isNotNull(withdrawals.requestId), isNull(withdrawals.payoutProblem)))
      .orderBy(asc(withdrawals.id))
      .limit(BATCH);
    const confirmed = await confirmedBlock(chain.client, chain);
    for (const row of due) {
      const w = { ...row, requestId: row.requestId as bigint };
      const set = (values: Partial<typeof withdrawals.$inferInsert>) => tx.update(withdrawals).set(values).where(eq(withdrawals.id, w.id));
      const flag = async (problem: string) => {
        await set({ payoutProblem: problem, payoutTxHash: null });
        report.flagged.push({ id: w.id, problem });
        log(`payouts: withdrawal ${w.id} flagged for the operator and skipped: ${problem}`);
      };
      if (w.payoutTxHash) {
        const receipt = await chain.client.getTransactionReceipt({ hash: w.payoutTxHash as Hash }).catch(() => null);
        if (receipt?.status === 'success' && isConfirmed(receipt.blockNumber, confirmed)) {
          await set({ paidAt: clock.now() });
          report.confirmed += 1;
        } else if (receipt?.status === 'reverted') {
          // Reverted (for example AlreadyPaid after a resend): find the payment that did go through, or retry.
          const paid = await onChain(chain, w);
          if (paid.kind === 'problem') await flag(paid.problem);
          else await set({ payoutTxHash: paid.kind === 'paid' ? paid.hash : null });
        }
        continue;
      }
      const found = await onChain(chain, w);
      if (found.kind === 'problem') {
        await flag(found.problem);
        continue;
      }
      if (found.kind === 'paid') {
        await set({ payoutTxHash: found.hash });
        report.recovered += 1;
        continue;
      }
      const signatures = await chain.signatures(tx, w.id);
      const sent = await chain.wallet
        .writeContract({
          address: chain.vault,
          abi: vaultAbi,
          functionName: 'payout',
          args: [w.requestId, w.amount, signatures],
          account: chain.operator,
          chain: chain.wallet.chain,
        })
        .catch((error: unknown) => {
          const why = revertOf(error);
          if (!why) throw error;
          return { refused: why };
        });
      if (typeof sent !== 'string') {
        const why = sent.refused;
        if (why === 'AlreadyPaid') continue; // paid between the read and the send: the next run compares its PaidOut
        if (!isRetryLater(why)) {
          await flag(`the Vault refused payout(${w.requestId}, ${formatEther(w.amount)} WLD) with ${why}${APPROVAL_PROBLEM[why as ApprovalRefusal] ?? ''}`);
          continue;
        }
        // Nothing was sent: no hash, no paid time; the withdrawal stays approved for the next run.
        report.deferred.push({ id: w.id, refusal: why });
        log(
          `payouts: withdrawal ${w.id} (${formatEther(w.amount)} WLD to ${w.address}) not paid: the Vault refused with ${why}; it stays approved and unpaid and is retried on the next run`,
        );
        if (why === 'EnforcedPause') break; // paused: every other payout would be refused the same way
        continue;
      }
      await set({ payoutTxHash: sent });
      report.sent += 1;
    }
    return report;
  });
}

/** The Vault's refusals of a payout's approvals, with what the operator can do about each. */
const APPROVAL_PROBLEM = {
  TooFewApprovals:
    ": too few approvers signed it for its amount (above the Vault's approvalThreshold two must); the Vault's owner raises the threshold, or the operator settles it by hand",
  NotApprover: ": a signer is not (or no longer) an approver on the Vault; the Vault's owner names it again, or the operator settles it by hand",
  InvalidSignature: ": an approval's signature is malformed",
  SignersNotAscending: ': the approvals are not by distinct signers in ascending order',
} as const;
type ApprovalRefusal = keyof typeof APPROVAL_PROBLEM;

/** Refusals that say the request cannot be paid as the row and its approvals say (a row that does not match the Vault's record, approvals it does not accept). */
const NEVER = ['AlreadyPaid', 'UnknownRequest', 'AboveRequested', 'TooFewApprovals', 'NotApprover', 'InvalidSignature', 'SignersNotAscending'] as const;
const isRetryLater = (name: string): name is Refusal => (RETRY_LATER as readonly string[]).includes(name);

/** The Vault's custom error when the payout's gas estimate reverted with one of RETRY_LATER or NEVER; else undefined. */
function revertOf(error: unknown): Refusal | (typeof NEVER)[number] | undefined {
  if (!(error instanceof BaseError)) return undefined;
  const revert = error.walk((e) => e instanceof ContractFunctionRevertedError);
  const name = revert instanceof ContractFunctionRevertedError ? revert.data?.errorName : undefined;
  return RETRY_LATER.find((r) => r === name) ?? NEVER.find((r) => r === name);
}

type Due = { id: number; requestId: bigint; address: string; amount: bigint; blockNumber: number };
type OnChain = { kind: 'unpaid' } | { kind: 'paid'; hash: Hash } | { kind: 'problem'; problem: string };

/**
 * What the Vault's record of this withdrawal's request says: unpaid and matching the row; paid by a PaidOut to
 * the row's address of the row's amount (its transaction); or a problem for the operator.
 */
async function onChain(chain: PayoutChain, w: Due): Promise<OnChain> {
  const [requester, owed] = await chain.client.readContract({ address: chain.vault, abi: vaultAbi, functionName: 'withdrawRequest', args: [w.requestId] });
  if (getAddress(requester) !== getAddress(w.address))
    return { kind: 'problem', problem: `the Vault's request ${w.requestId} is by ${requester}, not ${w.address}` };
  if (owed !== 0n) {
    return owed === w.amount
      ? { kind: 'unpaid' }
      : { kind: 'problem', problem: `the Vault's request ${w.requestId} owes ${formatEther(owed)} WLD, not ${formatEther(w.amount)}` };
  }
  const logs = await chain.client.getContractEvents({
    address: chain.vault,
    abi: vaultAbi,
    eventName: 'PaidOut',
    args: { requestId: w.requestId },
    fromBlock: BigInt(w.blockNumber),
    strict: true,
  });
  const paid = logs[0];
  if (!paid?.transactionHash)
    return { kind: 'problem', problem: `the Vault's request ${w.requestId} is paid but no PaidOut was found from block ${w.blockNumber}` };
  const { to, amount, operator } = paid.args;
  if (getAddress(to) !== getAddress(w.address) || amount !== w.amount) {
    return {
      kind: 'problem',
      problem: `PaidOut in ${paid.transactionHash} paid ${formatEther(amount)} WLD to ${to} (by ${operator}); owed ${formatEther(w.amount)} WLD to ${w.address}`,
    };
  }
  return { kind: 'paid', hash: paid.transactionHash };
}
