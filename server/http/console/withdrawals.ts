import type { Hex } from 'viem';
import { AppError } from '../../errors';
import { rejectWithdrawal } from '../../ledger/withdrawals';
import { approvalMessage, approveWithdrawalSigned } from '../../operators/approvals';
import * as views from '../../views/console';
import { id, section } from './handler';
import { ConsoleRefusal, domain, must } from './refusal';

/** The withdrawal queue, its history, and approving (by signature, two-person above the threshold) or rejecting. */
export const withdrawalHandlers = section({
  withdrawalQueue: ({ deps, input }) =>
    views.withdrawalPage(deps.db, { page: input.page, limit: input.limit, address: input.address, ...(input.flagged ? { flagged: true } : { status: ['under-review'] }) }, deps.clock.now()),
  withdrawalDetail: async ({ deps, input }) => must(await views.withdrawalDetail(deps.db, id(input.id), deps.clock.now()), `#${input.id}`),
  withdrawalHistory: async ({ deps, input }) => {
    const page = await views.withdrawalPage(deps.db, {
      page: input.page, limit: input.limit, address: input.address,
      status: input.status ? [input.status] : ['audit-successful', 'audit-failed', 'failed-insufficient'],
      from: input.from ? new Date(input.from) : undefined, to: input.to ? new Date(input.to) : undefined,
    }, deps.clock.now());
    return { ...page, items: page.items.map(({ balance: _balance, ...w }) => w) };
  },
  approvalMessage: async ({ deps, input, operator, language }) => ({ id: input.id, message: await approvalMessage(deps.db, id(input.id), operator, language) }),
  approveWithdrawal: async ({ deps, input, operator }) => {
    const r = await approveWithdrawalSigned(deps.db, deps.clock, operator, id(input.id), input.signature as Hex, deps.config.approverCoolingMs);
    return { id: String(r.id), outcome: r.outcome, approvals: r.approvals.map((a) => ({ operator: a.operator, at: a.at.toISOString() })), approvalsNeeded: r.approvalsNeeded };
  },
  rejectWithdrawal: async ({ deps, input, audit }) => {
    const r = await domain(rejectWithdrawal(deps.db, deps.clock, id(input.id), input.reason)).catch((error: unknown) => {
      throw error instanceof ConsoleRefusal && /not under review/.test(error.params.detail ?? '') ? new AppError('consoleNotUnderReview') : error;
    });
    audit({ target: `withdrawal:${input.id}`, before: { status: 'under-review' }, after: r });
    return { id: String(r.id), status: r.status };
  },
});
