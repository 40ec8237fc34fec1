import type { Hono } from 'hono';
import { endpoints } from '../../lib/api/contract';
import { userInfo } from '../users/info';
import { type Deps, route } from './route';

export function userRoutes(app: Hono, deps: Deps) {
  route(app, deps, endpoints.getUserInfo, ({ user }) => userInfo(deps.db, user));
}
