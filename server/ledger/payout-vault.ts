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
import type { ConfirmationRule } from '../confirmations';
import type { Queryable } from '../db/client';

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
 * The Vault's refusals that mean "not now" rather than "never": the owner paused payouts, the payout is
 * above the cap per payout, the UTC day's cap is used up, or the Vault holds too little WLD. The owner
 * lifts them (unpause, setPayoutCaps, a top-up) or the day rolls over; the next run simply tries again.
 */
const RETRY_LATER = ['EnforcedPause', 'PayoutAboveCap', 'DailyPayoutCapExceeded', 'InsufficientBalance'] as const;
export type Refusal = (typeof RETRY_LATER)[number];
export const isRetryLater = (name: string): name is Refusal => (RETRY_LATER as readonly string[]).includes(name);

/** The Vault's refusals of a payout's approvals, with what the operator can do about each. */
const APPROVAL_PROBLEM: Partial<Record<string, string>> = {
  TooFewApprovals:
    ": too few approvers signed it for its amount (above the Vault's approvalThreshold two must); the Vault's owner raises the threshold, or the operator settles it by hand",
  NotApprover: ": a signer is not (or no longer) an approver on the Vault; the Vault's owner names it again, or the operator settles it by hand",
  InvalidSignature: ": an approval's signature is malformed",
  SignersNotAscending: ': the approvals are not by distinct signers in ascending order',
};

/**
 * Refusals that say the request cannot be paid as the row and its approvals say (a row that does not match the
 * Vault's record, approvals it does not accept).
 */
const NEVER = ['AlreadyPaid', 'UnknownRequest', 'AboveRequested', 'TooFewApprovals', 'NotApprover', 'InvalidSignature', 'SignersNotAscending'] as const;
type Never = (typeof NEVER)[number];

/** A withdrawal the job pays: its Vault request, requester, amount, and the block its request was made in. */
export type Payable = { id: number; requestId: bigint; address: string; amount: bigint; blockNumber: number };
export type OnChain = { kind: 'unpaid' } | { kind: 'paid'; hash: Hash } | { kind: 'problem'; problem: string };
export type Sent = { kind: 'sent'; hash: Hash } | { kind: 'refused'; refusal: Refusal | Never };

/** What the operator reads of a refusal the job cannot retry: the call, the Vault's error, and what to do about it. */
export const refusalProblem = (w: Payable, why: Never) =>
  `the Vault refused payout(${w.requestId}, ${formatEther(w.amount)} WLD) with ${why}${APPROVAL_PROBLEM[why] ?? ''}`;

/**
 * Vault.payout(requestId, amount, signatures) from the operator key: the transaction's hash once sent, or the
 * Vault's refusal when the gas estimate reverted with one of RETRY_LATER or NEVER (then nothing was sent).
 */
export async function sendPayout(chain: PayoutChain, w: Payable, signatures: Hex[]): Promise<Sent> {
  try {
    const hash = await chain.wallet.writeContract({
      address: chain.vault,
      abi: vaultAbi,
      functionName: 'payout',
      args: [w.requestId, w.amount, signatures],
      account: chain.operator,
      chain: chain.wallet.chain,
    });
    return { kind: 'sent', hash };
  } catch (error) {
    const refusal = revertOf(error);
    if (!refusal) throw error;
    return { kind: 'refused', refusal };
  }
}

/** The Vault's error when the payout's gas estimate reverted with one of RETRY_LATER or NEVER, else undefined. */
function revertOf(error: unknown): Refusal | Never | undefined {
  if (!(error instanceof BaseError)) return undefined;
  const revert = error.walk((e) => e instanceof ContractFunctionRevertedError);
  const name = revert instanceof ContractFunctionRevertedError ? revert.data?.errorName : undefined;
  return RETRY_LATER.find((r) => r === name) ?? NEVER.find((r) => r === name);
}

/**
 * What the Vault's record of this withdrawal's request says: unpaid and matching the row; paid by a PaidOut to
 * the row's address of the row's amount (its transaction); or a problem for the operator.
 */
export async function onChain(chain: PayoutChain, w: Payable): Promise<OnChain> {
  const [requester, owed] = await chain.client.readContract({ address: chain.vault, abi: vaultAbi, functionName: 'withdrawRequest', args: [w.requestId] });
  if (getAddress(requester) !== getAddress(w.address))
    return { kind: 'problem', problem: `the Vault's request ${w.requestId} is by ${requester}, not ${w.address}` };
  if (owed !== 0n) {
    return owed === w.amount
      ? { kind: 'unpaid' }
      : { kind: 'problem', problem: `the Vault's request ${w.requestId} owes ${formatEther(owed)} WLD, not ${formatEther(w.amount)}` };
  }
  return paidOut(chain, w);
}

/** The PaidOut of a request the Vault says is paid, when it paid the row's address the row's amount. */
async function paidOut(chain: PayoutChain, w: Payable): Promise<OnChain> {
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
