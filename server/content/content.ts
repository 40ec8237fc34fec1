import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { API_LANGUAGE, type ApiLanguage } from '../../lib/i18n';
import type { Notice, NoticeItem, Page } from '../../lib/api/replies';
import { type Db, type Queryable, preparedPerDb } from '../db/client';
import { bannerTexts, banners, noticeTexts, notices } from './tables';
import { readSettings } from '../settings/settings';
import { AppError } from '../errors';
import { readPage } from '../paging';
import { safeUrl, servedHtml } from './sanitize';

/** Operator texts exist per language; the reader's language is used when written, else zh (always written). */
export const FALLBACK_LANGUAGE: ApiLanguage = 'zh';
export const CONTENT_LANGUAGES: readonly ApiLanguage[] = Object.values(API_LANGUAGE);

/** The settings key of the staking agreement in one language. */
export const agreementKey = (language: ApiLanguage) => `agreement.${language}`;

const seconds = (d: Date) => String(Math.floor(d.getTime() / 1000));

/** A position's banners, each with its title in the reader's language, else zh, else none: one round trip. */
const bannersAt = preparedPerDb((db) => {
  const local = alias(bannerTexts, 'local');
  const base = alias(bannerTexts, 'base');
  return db
    .select({ id: banners.id, imgPath: banners.imgPath, urlPath: banners.urlPath, title: sql<string>`coalesce(${local.imgTitle}, ${base.imgTitle}, '')` })
    .from(banners)
    .leftJoin(local, and(eq(local.bannerId, banners.id), eq(local.language, sql.placeholder('language'))))
    .leftJoin(base, and(eq(base.bannerId, banners.id), eq(base.language, FALLBACK_LANGUAGE)))
    .where(eq(banners.position, sql.placeholder('position')))
    .orderBy(asc(banners.sort), asc(banners.id))
    .prepare('banners_at');
});

export async function listBanners(db: Db, position: string, language: ApiLanguage) {
  const rows = await bannersAt(db).execute({ position, language });
  // Rows written before banner.add checked its URLs: an unsafe image drops the banner, an unsafe link the link.
  return rows.flatMap((b) => {
    const img = safeUrl(b.imgPath);
    return img === null ? [] : [{ id: String(b.id), img_path: img, img_title: b.title, url_path: safeUrl(b.urlPath) ?? '' }];
  });
}

/** Notices with their title and content in `language`, falling back to zh per notice. */
function localNotices(db: Queryable, language: ApiLanguage) {
  const local = alias(noticeTexts, 'local');
  const base = alias(noticeTexts, 'base');
  return db
    .select({
      id: notices.id,
      createdAt: notices.createdAt,
      title: sql<string>`coalesce(${local.title}, ${base.title})`,
      content: sql<string>`coalesce(${local.content}, ${base.content})`,
    })
    .from(notices)
    .innerJoin(base, and(eq(base.noticeId, notices.id), eq(base.language, FALLBACK_LANGUAGE)))
    .leftJoin(local, and(eq(local.noticeId, notices.id), eq(local.language, language)))
    .$dynamic();
}

const newestFirst = [desc(notices.createdAt), desc(notices.id)];
// Cleaned on read as well as on write: rows stored before notice.add cleaned its HTML are served clean too.
const toNotice = (n: { id: number; createdAt: Date; title: string; content: string }): Notice => ({
  id: String(n.id),
  title: n.title,
  content: servedHtml(n.content),
  create_time: seconds(n.createdAt),
});

export async function hotNotices(db: Db, limit: number, language: ApiLanguage): Promise<Notice[]> {
  return (
    await localNotices(db, language)
      .orderBy(...newestFirst)
      .limit(limit)
  ).map(toNotice);
}

/** One page of announcements, newest first: titles only (the rich text comes with the detail). */
export async function noticeList(db: Db, page: number, limit: number, language: ApiLanguage): Promise<Page<NoticeItem>> {
  return readPage(
    page,
    limit,
    (w) =>
      localNotices(db, language)
        .orderBy(...newestFirst)
        .limit(w.limit)
        .offset(w.offset),
    (n) => ({ id: String(n.id), title: n.title, create_time: seconds(n.createdAt) }),
  );
}

export async function noticeDetail(db: Db, id: number, language: ApiLanguage): Promise<Notice> {
  const [row] = await localNotices(db, language).where(eq(notices.id, id)).limit(1);
  if (!row) throw new AppError('noticeNotFound');
  return toNotice(row);
}

/** The staking agreement (HTML, cleaned as on write) in `language`, else in zh, else empty. */
export async function agreement(db: Db, language: ApiLanguage): Promise<string> {
  const stored = await readSettings(db, [agreementKey(language), agreementKey(FALLBACK_LANGUAGE)]);
  return servedHtml(stored.get(agreementKey(language)) ?? stored.get(agreementKey(FALLBACK_LANGUAGE)) ?? '');
}
