import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp, { type OutputInfo } from 'sharp';
import type { Db } from '../db/client';
import { sniffImage } from '../images';
import { bannerImages } from './tables';

/** At most 2 MiB per banner image, as sent. */
export const MAX_BANNER_BYTES = 2 * 1024 * 1024;
const MAX_WIDTH = 1920;

export type BannerImageRefusal = 'tooLarge' | 'type';

/**
 * Checks and stores a banner image: JPEG, PNG or WebP by content, at most 2 MiB, decoded and re-encoded as JPEG
 * by sharp (upright, at most 1920 px wide, no metadata) in the database. Answers its id, or why it was refused.
 */
export async function storeBannerImage(db: Db, input: Uint8Array): Promise<{ id: string } | { refused: BannerImageRefusal }> {
  if (input.byteLength > MAX_BANNER_BYTES) return { refused: 'tooLarge' };
  if (!sniffImage(input)) return { refused: 'type' };
  let out: { data: Buffer; info: OutputInfo };
  try {
    out = await sharp(input, { limitInputPixels: 40_000_000 }).rotate().resize({ width: MAX_WIDTH, withoutEnlargement: true }).jpeg({ quality: 85 }).toBuffer({ resolveWithObject: true });
  } catch {
    return { refused: 'type' };
  }
  const id = randomBytes(16).toString('hex');
  await db.insert(bannerImages).values({ id, data: out.data, bytes: out.data.byteLength, width: out.info.width, height: out.info.height });
  return { id };
}

export async function readBannerImage(db: Db, id: string): Promise<Buffer | undefined> {
  const [row] = await db.select({ data: bannerImages.data }).from(bannerImages).where(eq(bannerImages.id, id)).limit(1);
  return row?.data;
}
