import type { Hono } from 'hono';
import { endpoints } from '../../lib/api/contract';
import { hotNotices, listBanners } from '../content/content';
import { type Deps, route } from './route';

export function contentRoutes(app: Hono, deps: Deps) {
  route(app, deps, endpoints.getSwap, ({ input }) => listBanners(deps.db, input.position));
  route(app, deps, endpoints.getHotNotice, ({ input }) => hotNotices(deps.db, input.limit));
}
