import type { Hono } from 'hono';
import type { Hex } from 'viem';
import { endpoints } from '../../lib/api/contract';
import { issueNonce } from '../auth/nonces';
import { login, register, requireRegistered } from '../auth/service';
import { type Deps, route } from './route';

export function authRoutes(app: Hono, deps: Deps) {
  route(app, deps, endpoints.getUserExist, async ({ envelope }) => {
    await requireRegistered(deps.db, envelope.address);
    return {};
  });

  route(app, deps, endpoints.getNonce, async ({ envelope }) => ({
    nonce: await issueNonce(deps.db, deps.clock, envelope.address, deps.config.nonceTtlSeconds),
  }));

  route(app, deps, endpoints.login, ({ envelope, input }) => login(deps, envelope.address, { nonce: input.nonce, signature: input.signature as Hex }));

  route(app, deps, endpoints.reg, ({ envelope, input }) =>
    register(deps, envelope.address, { nonce: input.nonce, signature: input.signature as Hex, inviter: input.intro_address }),
  );
}
