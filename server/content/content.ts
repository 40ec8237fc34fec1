import { asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { banners, notices, settings } from '../db/schema';

export const AGREEMENT_KEY = 'agreement';

export async function listBanners(db: Db, position: string) {
  const rows = await db.select().from(banners).where(eq(banners.position, position)).orderBy(asc(banners.sort), asc(banners.id));
  return rows.map((b) => ({ id: String(b.id), img_path: b.imgPath, img_title: b.imgTitle, url_path: b.urlPath }));
}

export async function hotNotices(db: Db, limit: number) {
  const rows = await db.select().from(notices).orderBy(desc(notices.createdAt), desc(notices.id)).limit(limit);
  return rows.map((n) => ({ id: String(n.id), title: n.title, content: n.content, create_time: String(Math.floor(n.createdAt.getTime() / 1000)) }));
}

export async function agreement(db: Db): Promise<string> {
  const [row] = await db.select().from(settings).where(eq(settings.key, AGREEMENT_KEY)).limit(1);
  return row?.value ?? '';
}
