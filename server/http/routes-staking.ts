import type { MemberApi } from './member-api';
import { endpoints } from '../../lib/api/contract';
import { agreement } from '../content/content';
import { listLevels } from '../staking/levels';
import { stakeRecords } from '../staking/records';
import { applyRedemption, closeExpiryNotice, confirmRedemption, expiryNotice, stakeSigned, upgrade } from '../staking/service';
import { type Deps, route, routeSignedInStatement } from './route';

/** The staking domain, served under the spec's `investapi` paths. */
export function stakingRoutes(app: MemberApi, deps: Deps) {
  route(app, deps, endpoints.invest, async ({ envelope }) => ({ list: await listLevels(deps.db), agreement: await agreement(deps.db, envelope.language) }));

  routeSignedInStatement(app, deps, endpoints.investSave, ({ input, guard }) =>
    stakeSigned(deps, guard, { levelId: Number(input.order_id), periodId: Number(input.day_id) }),
  );

  route(app, deps, endpoints.getInvestExpire, ({ user }) => expiryNotice(deps.db, user));

  route(app, deps, endpoints.closeExpire, ({ user, input }) => closeExpiryNotice(deps.db, user, Number(input.pledge_id)));

  route(app, deps, endpoints.getInvestList, ({ user, input }) => stakeRecords(deps, user, input.page, input.limit));

  route(app, deps, endpoints.investUpgrade, ({ user, input }) => upgrade(deps, user, { stakeId: Number(input.pledge_id), levelId: Number(input.order_id) }));

  route(app, deps, endpoints.applyRedeem, ({ user, input }) => applyRedemption(deps, user, Number(input.pledge_id)));

  route(app, deps, endpoints.confirmRedeem, ({ user, input }) => confirmRedemption(deps, user, Number(input.pledge_id)));
}
