import type { Hono } from 'hono';
import { endpoints } from '../../lib/api/contract';
import { balanceOf } from '../ledger/ledger';
import { type Deps, route } from './route';

export function ledgerRoutes(app: Hono, deps: Deps) {
  route(app, deps, endpoints.getBalance, async ({ user }) => ({ balance: (await balanceOf(deps.db, user.id)).toString() }));
}
