import { asc, eq, inArray } from 'drizzle-orm';
import type { ApiLanguage } from '../../lib/i18n';
import type { Db } from '../db/client';
import { bannerTexts, banners, noticeTexts, notices } from './tables';

// The operator's writes of content (server/admin/ calls these): texts per language, checked and cleaned by the caller.

/** `position` is the slot the app asks for (getSwap's position, '1' by default); `sort` orders banners within it. */
export async function addBanner(db: Db, b: { imgPath: string; urlPath: string; titles: Map<ApiLanguage, string>; position?: string; sort?: number }) {
  return db.transaction(async (tx) => {
    const [banner] = await tx
      .insert(banners)
      .values({ imgPath: b.imgPath, urlPath: b.urlPath, ...(b.position ? { position: b.position } : {}), sort: b.sort ?? 0 })
      .returning();
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
  const texts = rows.length
    ? await db
        .select()
        .from(noticeTexts)
        .where(
          inArray(
            noticeTexts.noticeId,
            rows.map((n) => n.id),
          ),
        )
    : [];
  return rows.map((n) => ({
    id: n.id,
    createdAt: n.createdAt,
    titles: Object.fromEntries(texts.filter((t) => t.noticeId === n.id).map((t) => [t.language, t.title])),
  }));
}

/** Removes a notice and its texts; false when there is none of that id. */
export async function removeNotice(db: Db, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.delete(noticeTexts).where(eq(noticeTexts.noticeId, id));
    const removed = await tx.delete(notices).where(eq(notices.id, id)).returning();
    return removed.length > 0;
  });
}

/** Removes a banner and its titles; false when there is none of that id. */
export async function removeBanner(db: Db, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.delete(bannerTexts).where(eq(bannerTexts.bannerId, id));
    const removed = await tx.delete(banners).where(eq(banners.id, id)).returning();
    return removed.length > 0;
  });
}

/** Replaces a notice's texts (every language given; the others removed); false when there is no notice of that id. */
export async function replaceNoticeTexts(db: Db, id: number, texts: Map<ApiLanguage, { title: string; content: string }>): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [notice] = await tx.select().from(notices).where(eq(notices.id, id)).for('update');
    if (!notice) return false;
    await tx.delete(noticeTexts).where(eq(noticeTexts.noticeId, id));
    await tx.insert(noticeTexts).values([...texts].map(([language, t]) => ({ noticeId: id, language, ...t })));
    return true;
  });
}
