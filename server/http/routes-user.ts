import type { Hono } from 'hono';
import { z } from 'zod';
import { userInfo } from '../users/info';
import { type Deps, endpoint } from './endpoint';

export function userRoutes(app: Hono, deps: Deps) {
  endpoint(app, deps, '/api/v1/userapi/getUserInfo', { access: 'user', input: z.object({}) }, ({ user }) => userInfo(deps.db, user));
}
