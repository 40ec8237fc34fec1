import { asc, inArray } from 'drizzle-orm';
import { type Address, type Hex, formatUnits, parseUnits, verifyMessage } from 'viem';
import { API_LANGUAGE, type ApiLanguage } from '../../lib/i18n';
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
    await recordAudit(tx, { operator: by, action: 'settings.approvalThreshold', target: APPROVAL_THRESHOLD_KEY, before: before.toString(), after: amount.toString() }, clock.now());
    return amount;
  });
}

/** 2 above the threshold, else 1. */
export const approvalsNeeded = (amount: bigint, threshold: bigint) => (amount > threshold ? 2 : 1);

/** The readable text an operator signs to approve: it names the withdrawal, the member, the amount, the request and the operator. */
export function approvalText(w: Pick<Withdrawal, 'id' | 'address' | 'amount' | 'txHash'>, operator: Address, language: ApiLanguage): string {
  return translate('consoleApproval', language, { id: String(w.id), member: w.address, amount: formatUnits(w.amount, 18), tx: w.txHash, operator });
}

export async function approvalMessage(db: Db, id: number, operator: Address, language: ApiLanguage): Promise<string> {
  const w = await findWithdrawal(db, id);
  if (!w) throw new AppError('consoleNotFound', { what: `#${id}` });
  if (w.status !== 'under-review') throw new AppError('consoleNotUnderReview');
  return approvalText(w, operator, language);
}

export async function approvalsOf(db: Queryable, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, { operator: string; at: Date }[]>();
  const rows = await db.select().from(withdrawalApprovals).where(inArray(withdrawalApprovals.withdrawalId, [...ids])).orderBy(asc(withdrawalApprovals.at));
  const out = new Map<number, { operator: string; at: Date }[]>();
  for (const r of rows) out.set(r.withdrawalId, [...(out.get(r.withdrawalId) ?? []), { operator: r.operator, at: r.at }]);
  return out;
}

/**
 * An operator's signed approval of a withdrawal. The signature must be the operator's, of approvalText for this
 * withdrawal and operator (in any of the five languages). Under the withdrawal's row lock (ledger/review.ts): the
 * approval is recorded; once the withdrawal has the approvals it needs (two distinct operators above the
 * threshold, else one) it becomes audit-successful and the payout job pays it, once. The same operator twice is
 * refused, and so is an approver the other put there or one too new (./eligibility.ts); two operators at once are
 * serialised by the lock, so exactly one of them completes it.
 */
export async function approveWithdrawalSigned(db: Db, clock: Clock, operator: Address, id: number, signature: Hex, coolingMs = DEFAULT_APPROVER_COOLING_MS) {
  return db.transaction(async (tx) => {
    const w = await lockWithdrawal(tx, id);
    if (!w) throw new AppError('consoleNotFound', { what: `#${id}` });
    if (w.status !== 'under-review') throw new AppError('consoleNotUnderReview');
    let message: string | undefined;
    for (const language of Object.values(API_LANGUAGE)) {
      const text = approvalText(w, operator, language);
      if (await verifyMessage({ address: operator, message: text, signature }).catch(() => false)) {
        message = text;
        break;
      }
    }
    if (!message) throw new AppError('consoleBadSignature');
    const before = (await approvalsOf(tx, [id])).get(id) ?? [];
    if (before.some((a) => a.operator === operator)) throw new AppError('consoleSameOperator');
    const needed = approvalsNeeded(w.amount, await approvalThreshold(tx));
    await refuseIneligibleApprover(tx, w, operator, before, needed, clock.now(), coolingMs);
    await tx.insert(withdrawalApprovals).values({ withdrawalId: id, operator, message, signature, at: clock.now() });
    const approvals = [...before, { operator, at: clock.now() }];
    const complete = approvals.length >= needed;
    if (complete && !(await markApproved(tx, clock, id))) throw new AppError('consoleNotUnderReview');
    await recordAudit(tx, {
      operator,
      action: 'withdrawal.approve',
      target: `withdrawal:${id}`,
      before: { status: w.status, approvals: before.length },
      after: { status: complete ? 'audit-successful' : 'under-review', approvals: approvals.length, needed, amount: w.amount, member: w.address },
    }, clock.now());
    return { id, outcome: complete ? ('approved' as const) : ('recorded' as const), approvals, approvalsNeeded: needed };
  });
}
