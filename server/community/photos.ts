import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import sharp, { type OutputInfo } from 'sharp';
import type { Db } from '../db/client';
import { communityPhotos } from './tables';
import { AppError } from '../errors';
import { type ImageKind, sniffImage } from '../images';

/** At most 5 MB per photo, as sent. */
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;
/** Stored photos are at most this many pixels on their longer side. */
const MAX_SIDE = 2048;

export type PhotoKind = ImageKind;
export { sniffImage };

/**
 * Checks and stores one office photo: JPEG, PNG or WebP by content, at most 5 MB, decoded and re-encoded as
 * JPEG by sharp (turned upright from its EXIF orientation, then written without any metadata: no EXIF, no
 * location), in the database (community_photos.data), where every API server reads it. A file sharp cannot
 * decode is refused like a wrong type.
 */
export async function storePhoto(db: Db, userId: number, file: File) {
  if (file.size > MAX_PHOTO_BYTES) throw new AppError('photoTooLarge');
  const input = new Uint8Array(await file.arrayBuffer());
  if (!sniffImage(input)) throw new AppError('photoType');
  let output: { data: Buffer; info: OutputInfo };
  try {
    output = await sharp(input, { limitInputPixels: 50_000_000 })
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new AppError('photoType');
  }
  const id = randomBytes(16).toString('hex');
  await db.insert(communityPhotos).values({ id, userId, data: output.data, bytes: output.data.length, width: output.info.width, height: output.info.height });
  return { photo_id: id, width: String(output.info.width), height: String(output.info.height) };
}

/** The member's own stored photos among `ids`, without their bytes (another member's id, an unknown one, or one from before migration 0016 is not found). */
export async function ownPhotos(db: Db, userId: number, ids: string[]) {
  return db
    .select({ id: communityPhotos.id, width: communityPhotos.width, height: communityPhotos.height })
    .from(communityPhotos)
    .where(and(eq(communityPhotos.userId, userId), inArray(communityPhotos.id, ids), isNotNull(communityPhotos.data)));
}

/**
 * How many different pictures the member's photos among `ids` are, by the SHA-256 of their stored JPEG: the same
 * file uploaded twice is stored twice under two ids but re-encodes to the same bytes.
 */
export async function distinctPhotos(db: Db, userId: number, ids: string[]) {
  const rows = await db
    .selectDistinct({ digest: sql<string>`encode(sha256(${communityPhotos.data}), 'hex')` })
    .from(communityPhotos)
    .where(and(eq(communityPhotos.userId, userId), inArray(communityPhotos.id, ids), isNotNull(communityPhotos.data)));
  return rows.length;
}

/** One stored photo's JPEG and its owner, for the operators reviewing an application; undefined when unknown or without data. */
export async function readPhoto(db: Db, id: string): Promise<{ userId: number; jpeg: Buffer; width: number; height: number } | undefined> {
  const [row] = await db
    .select({ userId: communityPhotos.userId, data: communityPhotos.data, width: communityPhotos.width, height: communityPhotos.height })
    .from(communityPhotos)
    .where(eq(communityPhotos.id, id))
    .limit(1);
  return row?.data ? { userId: row.userId, jpeg: row.data, width: row.width, height: row.height } : undefined;
}
