import type { Hex } from 'viem';
import { approvalChain } from '../../chain/approvals';
import { AppError } from '../../errors';
import { rejectWithdrawal } from '../../ledger/withdrawals';
import { approvalMessage, approveWithdrawalSigned } from '../../operators/approvals';
import * as views from '../../views/console';
import type { Deps } from '../route';
import { id, section } from './handler';
import { ConsoleRefusal, domain, must } from './refusal';

/** The withdrawal queue, its history, and approving (by signature, two-person above the threshold) or rejecting. */
export const withdrawalHandlers = section({
  withdrawalQueue: async ({ deps, input }) =>
    views.withdrawalPage(
      deps.db,
      { page: input.page, limit: input.limit, address: input.address, ...(input.flagged ? { flagged: true } : { status: ['under-review'] }) },
      deps.clock.now(),
      await vaultThreshold(deps),
    ),
  withdrawalDetail: async ({ deps, input }) =>
    must(await views.withdrawalDetail(deps.db, id(input.id), deps.clock.now(), await vaultThreshold(deps)), `#${input.id}`),
  withdrawalHistory: async ({ deps, input }) => {
    const page = await views.withdrawalPage(
      deps.db,
      {
        page: input.page,
        limit: input.limit,
        address: input.address,
        status: input.status ? [input.status] : ['audit-successful', 'audit-failed', 'failed-insufficient'],
        from: input.from ? new Date(input.from) : undefined,
        to: input.to ? new Date(input.to) : undefined,
      },
      deps.clock.now(),
    );
    return { ...page, items: page.items.map(({ balance: _balance, ...w }) => w) };
  },
  approvalMessage: async ({ deps, input, operator, language }) => ({
    id: input.id,
    ...(await approvalMessage(deps.db, vaultOf(deps), operator, id(input.id), language)),
  }),
  approveWithdrawal: async ({ deps, input, operator }) => {
    const r = await approveWithdrawalSigned(deps.db, deps.clock, vaultOf(deps), operator, id(input.id), input.signature as Hex, deps.config.approverCoolingMs);
    return {
      id: String(r.id),
      outcome: r.outcome,
      approvals: r.approvals.map((a) => ({ operator: a.operator, at: a.at.toISOString() })),
      approvalsNeeded: r.approvalsNeeded,
    };
  },
  rejectWithdrawal: async ({ deps, input, audit }) => {
    const r = await domain(rejectWithdrawal(deps.db, deps.clock, id(input.id), input.reason)).catch((error: unknown) => {
      throw error instanceof ConsoleRefusal && /not under review/.test(error.params.detail ?? '') ? new AppError('consoleNotUnderReview') : error;
    });
    audit({ target: `withdrawal:${input.id}`, before: { status: 'under-review' }, after: r });
    return { id: String(r.id), status: r.status };
  },
});

/** The Vault's approvalThreshold() for the queue's and detail's approvalsNeeded; none without a chain. */
const vaultThreshold = (deps: Deps) => (deps.payments ? approvalChain(deps.payments.client, deps.payments.vault, deps.config.chainId).threshold() : undefined);

/** Approvals are signatures the Vault checks: without a configured chain there is nothing to sign for. */
function vaultOf(deps: Deps) {
  if (!deps.payments) throw new ConsoleRefusal('unavailable', 'consoleUnavailable');
  return approvalChain(deps.payments.client, deps.payments.vault, deps.config.chainId);
}
