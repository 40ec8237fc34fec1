import type { Hono } from 'hono';
import type { Hex } from 'viem';
import { z } from 'zod';
import { agreement } from '../content/content';
import { listLevels } from '../staking/levels';
import { balanceOf } from '../ledger/ledger';
import { stakeRecords } from '../staking/records';
import { applyRedemption, closeExpiryNotice, confirmRedemption, expiryNotice, stake, upgrade } from '../staking/service';
import { type Deps, endpoint, fields } from './endpoint';

const pledge = z.object({ pledge_id: fields.id });

export function investRoutes(app: Hono, deps: Deps) {
  const base = '/api/v1/investapi';

  endpoint(app, deps, `${base}/invest`, { access: 'public', input: z.object({}) }, async () => ({
    list: await listLevels(deps.db),
    agreement: await agreement(deps.db),
  }));

  endpoint(
    app,
    deps,
    `${base}/investSave`,
    { access: 'user', input: z.object({ order_id: fields.id, day_id: fields.id, nonce: fields.nonce, signature: fields.signature }) },
    ({ user, input }) =>
      stake(deps, user, { levelId: Number(input.order_id), periodId: Number(input.day_id), nonce: input.nonce, signature: input.signature as Hex }),
  );

  endpoint(app, deps, `${base}/getInvestExpire`, { access: 'user', input: z.object({}) }, ({ user }) => expiryNotice(deps.db, user));

  endpoint(app, deps, `${base}/closeExpire`, { access: 'user', input: pledge }, ({ user, input }) =>
    closeExpiryNotice(deps.db, user, Number(input.pledge_id)),
  );

  endpoint(
    app,
    deps,
    `${base}/getInvestList`,
    { access: 'user', input: z.object({ page: fields.positiveInt(100000), limit: fields.positiveInt(50) }) },
    ({ user, input }) => stakeRecords(deps, user, input.page, input.limit),
  );

  endpoint(app, deps, `${base}/investUpgrade`, { access: 'user', input: pledge.extend({ order_id: fields.id }) }, ({ user, input }) =>
    upgrade(deps, user, { stakeId: Number(input.pledge_id), levelId: Number(input.order_id) }),
  );

  endpoint(app, deps, `${base}/applyRedeem`, { access: 'user', input: pledge }, ({ user, input }) =>
    applyRedemption(deps, user, Number(input.pledge_id)),
  );

  endpoint(app, deps, `${base}/confirmRedeem`, { access: 'user', input: pledge }, ({ user, input }) =>
    confirmRedemption(deps, user, Number(input.pledge_id)),
  );

  endpoint(app, deps, '/api/v1/userapi/getBalance', { access: 'user', input: z.object({}) }, async ({ user }) => ({
    balance: (await balanceOf(deps.db, user.id)).toString(),
  }));
}
