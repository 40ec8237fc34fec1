import { asc, eq, inArray } from 'drizzle-orm';
import type { ApiLanguage } from '../../lib/i18n';
import type { Db } from '../db/client';
import { bannerTexts, banners, noticeTexts, notices } from './tables';

// The operator's writes of content (server/admin/ calls these): texts per language, checked and cleaned by the caller.

export async function addBanner(db: Db, b: { imgPath: string; urlPath: string; titles: Map<ApiLanguage, string> }) {
  return db.transaction(async (tx) => {
    const [banner] = await tx.insert(banners).values({ imgPath: b.imgPath, urlPath: b.urlPath }).returning();
    if (!banner) throw new Error('banner insert failed');
    await tx.insert(bannerTexts).values([...b.titles].map(([language, imgTitle]) => ({ bannerId: banner.id, language, imgTitle })));
    return banner;
  });
}

export async function listBanners(db: Db) {
  const [rows, texts] = await Promise.all([db.select().from(banners).orderBy(asc(banners.id)), db.select().from(bannerTexts)]);
  return rows.map((b) => ({ ...b, titles: Object.fromEntries(texts.filter((t) => t.bannerId === b.id).map((t) => [t.language, t.imgTitle])) }));
}

export async function addNotice(db: Db, texts: Map<ApiLanguage, { title: string; content: string }>): Promise<number> {
  return db.transaction(async (tx) => {
    const [notice] = await tx.insert(notices).values({}).returning();
    if (!notice) throw new Error('notice insert failed');
    await tx.insert(noticeTexts).values([...texts].map(([language, t]) => ({ noticeId: notice.id, language, ...t })));
    return notice.id;
  });
}

export async function listNotices(db: Db) {
  const rows = await db.select().from(notices).orderBy(asc(notices.id));
  const texts = rows.length ? await db.select().from(noticeTexts).where(inArray(noticeTexts.noticeId, rows.map((n) => n.id))) : [];
  return rows.map((n) => ({ id: n.id, createdAt: n.createdAt, titles: Object.fromEntries(texts.filter((t) => t.noticeId === n.id).map((t) => [t.language, t.title])) }));
}

/** Removes a notice and its texts; false when there is none of that id. */
export async function removeNotice(db: Db, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.delete(noticeTexts).where(eq(noticeTexts.noticeId, id));
    const removed = await tx.delete(notices).where(eq(notices.id, id)).returning();
    return removed.length > 0;
  });
}
