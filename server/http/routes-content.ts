import type { Hono } from 'hono';
import { endpoints } from '../../lib/api/contract';
import { hotNotices, listBanners, noticeDetail, noticeList } from '../content/content';
import { type Deps, route } from './route';

/** Banners and announcements, in the request's language (zh when a text has no translation). */
export function contentRoutes(app: Hono, deps: Deps) {
  route(app, deps, endpoints.getSwap, ({ input, envelope }) => listBanners(deps.db, input.position, envelope.language));
  route(app, deps, endpoints.getHotNotice, ({ input, envelope }) => hotNotices(deps.db, input.limit, envelope.language));
  route(app, deps, endpoints.getNoticeList, ({ input, envelope }) => noticeList(deps.db, input.page, input.limit, envelope.language));
  route(app, deps, endpoints.getNoticeDetail, ({ input, envelope }) => noticeDetail(deps.db, Number(input.id), envelope.language));
}
