import type { ApiLanguage } from '../../../lib/i18n';
import type * as R from '../../../lib/console-api/replies';
import { agreementKey } from '../../content/content';
import { encodeBannerImage, storeBannerImage } from '../../content/images';
import { addBanner, addNotice, removeBanner, removeNotice, replaceNoticeTexts } from '../../content/operator';
import { cleanHtml, safeUrl } from '../../content/sanitize';
import { putSetting } from '../../settings/settings';
import * as views from '../../views/console';
import { id, preparing, section } from './handler';
import { invalidInput, must, notFound } from './refusal';

/** Operator HTML per language, cleaned (server/content/sanitize.ts): what was removed is answered; HTML with nothing left is refused. */
function cleanTexts<T>(texts: Partial<Record<ApiLanguage, T>>, html: (t: T) => string, put: (t: T, clean: string) => T) {
  const cleaned = new Map<ApiLanguage, T>();
  const removed: Partial<Record<ApiLanguage, string[]>> = {};
  for (const [language, t] of Object.entries(texts) as [ApiLanguage, T][]) {
    if (t === undefined) continue;
    const { html: clean, removed: taken } = cleanHtml(html(t));
    if (!clean) throw invalidInput(`${language}: empty once cleaned`, { [`texts.${language}`]: 'empty once cleaned' });
    if (taken.length) removed[language] = taken;
    cleaned.set(language, put(t, clean));
  }
  return { cleaned, removed };
}

/** Banners (and their uploaded images), notices and the agreement, in five languages. */
export const contentHandlers = section({
  banners: ({ deps }) => views.bannerRows(deps.db),
  addBanner: async ({ deps, input, audit }) => {
    const image = safeUrl(input.image);
    const link = input.link ? safeUrl(input.link) : '';
    if (image === null) throw invalidInput('image', { image: 'an http(s) URL or a path' });
    if (link === null) throw invalidInput('link', { link: 'an http(s) URL, a path or #/route' });
    const titles = new Map(Object.entries(input.titles).filter((e): e is [ApiLanguage, string] => e[1] !== undefined));
    const banner = await addBanner(deps.db, { imgPath: image, urlPath: link, titles, position: String(input.position) });
    const row = (await views.bannerRows(deps.db)).find((b) => b.id === String(banner.id))!;
    audit({ target: `banner:${banner.id}`, after: row });
    return row;
  },
  // The re-encode runs before the transaction opens: it is slow and needs no database.
  uploadBannerImage: preparing(
    async (input) => {
      const base64 = input.base64.replace(/^data:[\w/+.-]+;base64,/, '');
      if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) throw invalidInput('base64', { base64: 'base64 image data' });
      const encoded = await encodeBannerImage(new Uint8Array(Buffer.from(base64, 'base64')));
      if ('refused' in encoded) {
        const why = encoded.refused === 'tooLarge' ? 'at most 2 MiB' : 'a PNG, JPEG or WebP image';
        throw invalidInput(`base64: ${why}`, { base64: why });
      }
      return encoded;
    },
    async ({ deps, input, audit }, encoded) => {
      const stored = await storeBannerImage(deps.db, encoded);
      const path = `${deps.config.links.api}/media/banners/${stored}.jpg`;
      audit({ target: `banner-image:${stored}`, after: { name: input.name, path } });
      return { path };
    },
  ),
  removeBanner: async ({ deps, input, audit }) => {
    const before = must(
      (await views.bannerRows(deps.db)).find((b) => b.id === input.id),
      `#${input.id}`,
    );
    await removeBanner(deps.db, id(input.id));
    audit({ target: `banner:${input.id}`, before, after: null });
    return {};
  },
  notices: ({ deps, input }) => views.noticePage(deps.db, input.page, input.limit),
  notice: async ({ deps, input }) => must(await views.noticeFull(deps.db, id(input.id)), `#${input.id}`),
  saveNotice: async ({ deps, input, audit }) => {
    const { cleaned, removed } = cleanTexts(
      input.texts,
      (t) => t.content,
      (t, content) => ({ title: t.title, content }),
    );
    let noticeId: number;
    let before: R.NoticeFull | null = null;
    if (input.id) {
      before = must(await views.noticeFull(deps.db, id(input.id)), `#${input.id}`);
      if (!(await replaceNoticeTexts(deps.db, id(input.id), cleaned))) throw notFound(`#${input.id}`);
      noticeId = id(input.id);
    } else noticeId = await addNotice(deps.db, cleaned);
    audit({ target: `notice:${noticeId}`, before, after: Object.fromEntries(cleaned) });
    return { id: String(noticeId), removed };
  },
  removeNotice: async ({ deps, input, audit }) => {
    const before = must(await views.noticeFull(deps.db, id(input.id)), `#${input.id}`);
    await removeNotice(deps.db, id(input.id));
    audit({ target: `notice:${input.id}`, before, after: null });
    return {};
  },
  agreement: ({ deps }) => views.agreementTexts(deps.db),
  setAgreement: async ({ deps, input, audit }) => {
    const { cleaned, removed } = cleanTexts(
      input.texts,
      (t) => t,
      (_t, clean) => clean,
    );
    const before = await views.agreementTexts(deps.db);
    await deps.db.transaction(async (tx) => {
      for (const [language, html] of cleaned) await putSetting(tx, agreementKey(language), html);
    });
    audit({ target: 'agreement', before: before.texts, after: Object.fromEntries(cleaned) });
    return { id: 'agreement', removed };
  },
});
