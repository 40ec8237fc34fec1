import type { MemberApi } from './member-api';
import { getAddress } from 'viem';
import { endpoints } from '../../lib/api/contract';
import { balanceOf } from '../ledger/ledger';
import { walletConfig } from '../ledger/limits';
import { rechargeRecords, transferRecords, withdrawRecords } from '../ledger/records';
import { findUser } from '../users/registry';
import { type Deps, route } from './route';

/** The ledger domain: the balance (userapi) and money in and out (walletapi). */
export function ledgerRoutes(app: MemberApi, deps: Deps) {
  route(app, deps, endpoints.getBalance, async ({ user }) => ({ balance: (await balanceOf(deps.db, user.id)).toString() }));

  route(app, deps, endpoints.getWalletConfig, () => walletConfig(deps.db));

  route(app, deps, endpoints.getRechargeList, ({ user, input }) => rechargeRecords(deps.db, user, input.page, input.limit));

  route(app, deps, endpoints.getWithdrawList, ({ user, input }) => withdrawRecords(deps.db, user, input.page, input.limit));

  route(app, deps, endpoints.getTransferList, ({ user, input }) => transferRecords(deps.db, user, input.page, input.limit));

  route(app, deps, endpoints.checkMember, async ({ input }) => ({ member: Boolean(await findUser(deps.db, getAddress(input.to_address))) }));
}
