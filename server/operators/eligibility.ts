import type { Address } from 'viem';
import type { Queryable } from '../db/client';
import { AppError } from '../errors';
import { type Operator, findOperator, isApprover } from './operators';

/** How long a new approver waits before approving a withdrawal requested before they became one (APPROVER_COOLING_HOURS). */
export const DEFAULT_APPROVER_COOLING_MS = 72 * 3600_000;

/** Whether `a` was put there by `b`: added (or re-added) by them, or given the approving role by them. */
const vouchedBy = (a: Operator, b: Operator) => a.addedBy === b.address || a.approverGrantedBy === b.address;

/**
 * When an operator may approve a withdrawal requested at `requestedAt`: at once if they have held an approving role
 * continuously since then or before, else from the end of the cooling period after they became an approver.
 */
export function eligibleFrom(o: Pick<Operator, 'approverSince'>, requestedAt: Date, coolingMs: number): Date {
  const since = o.approverSince ?? new Date(8.64e15);
  return since <= requestedAt ? since : new Date(since.getTime() + coolingMs);
}

/**
 * Refuses an approval of a withdrawal that needs two when the operator, or an earlier approver, became an approver
 * after the withdrawal was requested and is still within the cooling period, when an earlier approver no longer
 * approves, or when either approver added, re-added or gave the approving role to the other: so one person, even an
 * admin who adds a second address of their own, cannot give both approvals.
 */
export async function refuseIneligibleApprover(
  db: Queryable,
  w: { createdAt: Date },
  operator: Address,
  earlier: readonly { operator: string }[],
  needed: number,
  now: Date,
  coolingMs: number,
): Promise<void> {
  if (needed < 2) return;
  const me = await findOperator(db, operator);
  if (!me?.active || !isApprover(me.roles)) throw new AppError('consoleApproverGone', { operator });
  const others: Operator[] = [];
  for (const e of earlier) {
    const other = await findOperator(db, e.operator);
    if (!other?.active || !isApprover(other.roles)) throw new AppError('consoleApproverGone', { operator: e.operator });
    others.push(other);
  }
  for (const o of [me, ...others]) {
    const from = eligibleFrom(o, w.createdAt, coolingMs);
    if (now < from) throw new AppError('consoleApproverTooNew', { operator: o.address, from: from.toISOString() });
  }
  for (const other of others) {
    if (vouchedBy(me, other)) throw new AppError('consoleApproverVouched', { operator: me.address, other: other.address });
    if (vouchedBy(other, me)) throw new AppError('consoleApproverVouched', { operator: other.address, other: me.address });
  }
}
