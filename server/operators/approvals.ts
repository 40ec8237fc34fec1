import { asc, eq, inArray } from 'drizzle-orm';
import { type Address, type Hex, formatUnits, getAddress, parseUnits, verifyTypedData } from 'viem';
import type { ApiLanguage } from '../../lib/i18n';
import type { Clock } from '../clock';
import type { Db, Queryable } from '../db/client';
import { AppError } from '../errors';
import { translate } from '../i18n';
import { type Withdrawal, findWithdrawal, lockWithdrawal, markApproved } from '../ledger/review';
import { readSettings, putSetting } from '../settings/settings';
import { type Actor } from './operators';
import { recordAudit } from './audit';
import { DEFAULT_APPROVER_COOLING_MS, refuseIneligibleApprover } from './eligibility';
import { withdrawalApprovals } from './tables';

export const APPROVAL_THRESHOLD_KEY = 'console.approval_threshold';
/** Above this amount (base units) a withdrawal needs two distinct operators' approvals, until the admin sets another. */
export const DEFAULT_APPROVAL_THRESHOLD = parseUnits('10000', 18);

export async function approvalThreshold(db: Queryable): Promise<bigint> {
  const stored = (await readSettings(db, [APPROVAL_THRESHOLD_KEY])).get(APPROVAL_THRESHOLD_KEY);
  return stored === undefined ? DEFAULT_APPROVAL_THRESHOLD : BigInt(stored);
}

export async function setApprovalThreshold(db: Db, clock: Clock, by: Actor, amount: bigint): Promise<bigint> {
  return db.transaction(async (tx) => {
    const before = await approvalThreshold(tx);
    await putSetting(tx, APPROVAL_THRESHOLD_KEY, amount.toString());
    await recordAudit(
      tx,
      { operator: by, action: 'settings.approvalThreshold', target: APPROVAL_THRESHOLD_KEY, before: before.toString(), after: amount.toString() },
      clock.now(),
    );
    return amount;
  });
}

/** The threshold approvals follow: the lower of the console's and (when known) the Vault's, so the server never asks fewer than the chain. */
export async function effectiveThreshold(db: Queryable, vaultThreshold?: bigint): Promise<bigint> {
  const own = await approvalThreshold(db);
  return vaultThreshold !== undefined && vaultThreshold < own ? vaultThreshold : own;
}

/** 2 above the threshold, else 1. */
export const approvalsNeeded = (amount: bigint, threshold: bigint) => (amount > threshold ? 2 : 1);

/**
 * What approvals need of the Vault (passed in by the http layer, which reaches the chain): its EIP-712 domain's
 * chain id and address, whether an address is one of its approvers, and its approvalThreshold.
 */
export type ApprovalChain = { chainId: number; vault: Address; isApprover: (who: Address) => Promise<boolean>; threshold: () => Promise<bigint> };

/** The typed struct an approver signs; the Vault checks the same (contracts/src/Vault.sol, PAYOUT_TYPEHASH). */
export const PAYOUT_TYPES = {
  Payout: [
    { name: 'requestId', type: 'uint256' },
    { name: 'requester', type: 'address' },
    { name: 'amount', type: 'uint256' },
  ],
} as const;

type Signable = Pick<Withdrawal, 'id' | 'address' | 'amount' | 'txHash' | 'requestId'>;

/** The EIP-712 typed data approving the payout of withdrawal `w` on the Vault's request. */
export function payoutTypedData(chain: Pick<ApprovalChain, 'chainId' | 'vault'>, w: Signable & { requestId: bigint }) {
  return {
    domain: { name: 'Vault', version: '1', chainId: chain.chainId, verifyingContract: chain.vault },
    types: PAYOUT_TYPES,
    primaryType: 'Payout' as const,
    message: { requestId: w.requestId, requester: getAddress(w.address), amount: w.amount },
  };
}

/** The readable summary shown beside the typed data: the withdrawal, the member, the amount, the Vault's request. */
export function approvalText(chain: Pick<ApprovalChain, 'chainId' | 'vault'>, w: Signable & { requestId: bigint }, language: ApiLanguage): string {
  return translate('consoleApproval', language, {
    id: String(w.id),
    member: w.address,
    amount: formatUnits(w.amount, 18),
    tx: w.txHash,
    request: String(w.requestId),
    vault: chain.vault,
    chain: String(chain.chainId),
  });
}

/** A withdrawal an approval can name: under review and bound to its request on the Vault. */
function signable(w: Withdrawal | undefined, id: number): Withdrawal & { requestId: bigint } {
  if (!w) throw new AppError('consoleNotFound', { what: `#${id}` });
  if (w.status !== 'under-review') throw new AppError('consoleNotUnderReview');
  if (w.requestId === null) throw new AppError('consoleNoRequest');
  return { ...w, requestId: w.requestId };
}

/** The typed data to sign (bigints as decimal strings, for JSON) and its readable summary; refused to a non-approver before they sign. */
export async function approvalMessage(db: Db, chain: ApprovalChain, operator: Address, id: number, language: ApiLanguage) {
  const w = signable(await findWithdrawal(db, id), id);
  if (!(await chain.isApprover(operator))) throw new AppError('consoleNotApprover', { vault: chain.vault });
  const typed = payoutTypedData(chain, w);
  return {
    message: approvalText(chain, w, language),
    typedData: { ...typed, message: { ...typed.message, requestId: w.requestId.toString(), amount: w.amount.toString() } },
  };
}

export async function approvalsOf(db: Queryable, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, { operator: string; at: Date }[]>();
  const rows = await db
    .select()
    .from(withdrawalApprovals)
    .where(inArray(withdrawalApprovals.withdrawalId, [...ids]))
    .orderBy(asc(withdrawalApprovals.at));
  const out = new Map<number, { operator: string; at: Date }[]>();
  for (const r of rows) out.set(r.withdrawalId, [...(out.get(r.withdrawalId) ?? []), { operator: r.operator, at: r.at }]);
  return out;
}

/** secp256k1's group order: a signature's s above half of it is the malleable twin the Vault refuses (OpenZeppelin ECDSA). */
const SECP256K1_N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

/** A 65-byte signature as the Vault's ECDSA accepts it: low s and v 27 or 28 (viem's verify alone would take the others). */
function vaultAccepts(signature: Hex): boolean {
  if (!/^0x[0-9a-fA-F]{130}$/.test(signature)) return false;
  const s = BigInt(`0x${signature.slice(66, 130)}`);
  const v = Number.parseInt(signature.slice(130, 132), 16);
  return s <= SECP256K1_N / 2n && (v === 27 || v === 28);
}

/** A withdrawal's approval signatures in the order the Vault's payout takes them: by signer address, ascending. */
export async function payoutSignatures(db: Queryable, withdrawalId: number): Promise<Hex[]> {
  const rows = await db
    .select({ operator: withdrawalApprovals.operator, signature: withdrawalApprovals.signature })
    .from(withdrawalApprovals)
    .where(eq(withdrawalApprovals.withdrawalId, withdrawalId));
  const key = (a: string) => BigInt(a);
  return rows.sort((a, b) => (key(a.operator) < key(b.operator) ? -1 : 1)).map((r) => r.signature as Hex);
}

/**
 * An operator's approval of a withdrawal: their EIP-712 signature of Payout(request id, requester, amount) for
 * the Vault on its chain, the very signature the Vault's payout checks. Refused when the signature is not the
 * operator's of this withdrawal or not in the one form the Vault accepts, and when the operator is not an approver on the Vault (the chain would refuse
 * it later). Under the withdrawal's row lock (ledger/review.ts): the approval is recorded; once the withdrawal has
 * the approvals it needs (two distinct operators above the threshold, else one; the threshold is the lower of
 * the console's and the Vault's, so the server never asks fewer than the chain) it becomes audit-successful and
 * the payout job pays it, once. The same operator twice is refused; two operators at once are serialised by the
 * lock, so exactly one of them completes it. Above the threshold an approver the other put there, or one too new,
 * is refused (./eligibility.ts).
 */
export async function approveWithdrawalSigned(
  db: Db,
  clock: Clock,
  chain: ApprovalChain,
  operator: Address,
  id: number,
  signature: Hex,
  coolingMs = DEFAULT_APPROVER_COOLING_MS,
) {
  const unlocked = signable(await findWithdrawal(db, id), id);
  const valid = vaultAccepts(signature) && (await verifyTypedData({ address: operator, ...payoutTypedData(chain, unlocked), signature }).catch(() => false));
  if (!valid) throw new AppError('consoleBadSignature');
  if (!(await chain.isApprover(operator))) throw new AppError('consoleNotApprover', { vault: chain.vault });
  const vaultThreshold = await chain.threshold();
  return db.transaction(async (tx) => {
    const w = signable(await lockWithdrawal(tx, id), id);
    if (w.requestId !== unlocked.requestId || w.amount !== unlocked.amount || w.address !== unlocked.address) throw new AppError('consoleBadSignature');
    const before = (await approvalsOf(tx, [id])).get(id) ?? [];
    if (before.some((a) => a.operator === operator)) throw new AppError('consoleSameOperator');
    const needed = approvalsNeeded(w.amount, await effectiveThreshold(tx, vaultThreshold));
    await refuseIneligibleApprover(tx, w, operator, before, needed, clock.now(), coolingMs);
    const signed = payoutTypedData(chain, w);
    const message = JSON.stringify({ ...signed, message: { ...signed.message, requestId: w.requestId.toString(), amount: w.amount.toString() } });
    await tx.insert(withdrawalApprovals).values({ withdrawalId: id, operator, message, signature, at: clock.now() });
    const approvals = [...before, { operator, at: clock.now() }];
    const complete = approvals.length >= needed;
    if (complete && !(await markApproved(tx, clock, id))) throw new AppError('consoleNotUnderReview');
    await recordAudit(
      tx,
      {
        operator,
        action: 'withdrawal.approve',
        target: `withdrawal:${id}`,
        before: { status: w.status, approvals: before.length },
        after: { status: complete ? 'audit-successful' : 'under-review', approvals: approvals.length, needed, amount: w.amount, member: w.address, signature },
      },
      clock.now(),
    );
    return { id, outcome: complete ? ('approved' as const) : ('recorded' as const), approvals, approvalsNeeded: needed };
  });
}
