import type { MemberApi } from './member-api';
import { endpoints } from '../../lib/api/contract';
import { hotNotices, listBanners, noticeDetail, noticeList } from '../content/content';
import { readBannerImage } from '../content/images';
import { type Deps, route } from './route';

/** Banners and announcements, in the request's language (zh when a text has no translation). */
export function contentRoutes(app: MemberApi, deps: Deps) {
  route(app, deps, endpoints.getSwap, ({ input, envelope }) => listBanners(deps.db, input.position, envelope.language));
  route(app, deps, endpoints.getHotNotice, ({ input, envelope }) => hotNotices(deps.db, input.limit, envelope.language));
  route(app, deps, endpoints.getNoticeList, ({ input, envelope }) => noticeList(deps.db, input.page, input.limit, envelope.language));
  route(app, deps, endpoints.getNoticeDetail, ({ input, envelope }) => noticeDetail(deps.db, Number(input.id), envelope.language));
  // A banner image an editor uploaded in the console (content/images.ts): public, immutable (a new upload is a new id).
  app.get('/media/banners/:file', async (c) => {
    const match = /^([0-9a-f]{32})\.jpg$/.exec(c.req.param('file'));
    const data = match ? await readBannerImage(deps.db, match[1]!) : undefined;
    if (!data) return c.text('not found', 404);
    return c.body(new Uint8Array(data), 200, {
      'content-type': 'image/jpeg',
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'",
      'cross-origin-resource-policy': 'cross-origin',
    });
  });
}
