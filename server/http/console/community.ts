import { type Hex, getAddress } from 'viem';
import { CONSOLE_PHOTO_PREFIX } from '../../../lib/console-api/contract';
import type * as R from '../../../lib/console-api/replies';
import { decide } from '../../community/applications';
import { verifyPayment } from '../../community/payment';
import { unmatchedPayments } from '../../community/unused-payments';
import { AppError } from '../../errors';
import { translate } from '../../i18n';
import * as views from '../../views/console';
import { id, section } from './handler';
import { ConsoleRefusal, domain, must } from './refusal';

/** Community applications (with their payment checked on chain), founders, and payments no application claimed. */
export const communityHandlers = section({
  applications: ({ deps, input }) => views.applicationPage(deps.db, input),
  applicationDetail: async ({ deps, input }) => {
    const a = must(await views.applicationOf(deps.db, id(input.id)), `#${input.id}`);
    const payment: R.Payment = {
      txHash: a.payHash,
      from: a.payFrom,
      to: a.receiver,
      amount: a.amount.toString(),
      confirmations: null,
      verified: false,
      problem: null,
    };
    if (deps.payments) {
      try {
        const receipt = await deps.payments.client.getTransactionReceipt({ hash: a.payHash as Hex });
        // Blocks on top of the payment's, as CONFIRMATIONS counts them (server/confirmations.ts).
        payment.confirmations = Number((await deps.payments.client.getBlockNumber({ cacheTime: 0 })) - receipt.blockNumber);
        await verifyPayment(deps.payments, { hash: a.payHash as Hex, from: getAddress(a.payFrom), to: getAddress(a.receiver), amount: a.amount });
        payment.verified = true;
      } catch (error) {
        payment.problem = error instanceof AppError ? translate(error.key, 'en', error.params) : (error as Error).message.split('\n')[0]!;
      }
    } else payment.problem = 'no chain configured';
    const { photoIds, payHash: _h, payFrom: _f, receiver: _r, amount: _a, ...row } = a;
    return { ...row, photoUrls: photoIds.map((p) => `${CONSOLE_PHOTO_PREFIX}${p}`), payment };
  },
  approveApplication: async ({ deps, input, audit }) => {
    const r = await domain(decide(deps.db, id(input.id), { approve: true }, deps.clock.now()));
    audit({ target: `application:${input.id}`, before: { status: 'pending' }, after: r });
    return { id: input.id, status: 'approved' };
  },
  rejectApplication: async ({ deps, input, audit }) => {
    const r = await domain(decide(deps.db, id(input.id), { approve: false, reason: input.reason }, deps.clock.now()));
    audit({ target: `application:${input.id}`, before: { status: 'pending' }, after: r });
    return { id: input.id, status: 'rejected' };
  },
  founders: ({ deps, input }) => views.founderPage(deps.db, input.page, input.limit),
  unmatchedPayments: async ({ deps }) => {
    if (!deps.payments) throw new ConsoleRefusal('unavailable', 'consoleUnavailable');
    return (await unmatchedPayments(deps.db, deps.payments)).map((p) => ({
      txHash: p.pay_hash,
      from: p.from,
      to: p.receiver,
      amount: p.amount,
      block: p.block,
    }));
  },
});
