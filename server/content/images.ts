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

/** A banner image re-encoded, ready to store. */
export type EncodedBannerImage = { data: Buffer; info: OutputInfo };

/**
 * Checks a banner image: JPEG, PNG or WebP by content, at most 2 MiB, decoded and re-encoded as JPEG by sharp
 * (upright, at most 1920 px wide, no metadata). Answers the JPEG, or why it was refused. No database work, so the
 * caller does it before opening a transaction.
 */
export async function encodeBannerImage(input: Uint8Array): Promise<EncodedBannerImage | { refused: BannerImageRefusal }> {
  if (input.byteLength > MAX_BANNER_BYTES) return { refused: 'tooLarge' };
  if (!sniffImage(input)) return { refused: 'type' };
  try {
    return await sharp(input, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize({ width: MAX_WIDTH, withoutEnlargement: true })
      .jpeg({ quality: 85 })
      .toBuffer({ resolveWithObject: true });
  } catch {
    return { refused: 'type' };
  }
}

/** Stores an encoded banner image in the database; answers its id. */
export async function storeBannerImage(db: Db, image: EncodedBannerImage): Promise<string> {
  const id = randomBytes(16).toString('hex');
  await db.insert(bannerImages).values({ id, data: image.data, bytes: image.data.byteLength, width: image.info.width, height: image.info.height });
  return id;
}

export async function readBannerImage(db: Db, id: string): Promise<Buffer | undefined> {
  const [row] = await db.select({ data: bannerImages.data }).from(bannerImages).where(eq(bannerImages.id, id)).limit(1);
  return row?.data;
}
