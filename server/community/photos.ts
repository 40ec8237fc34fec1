import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import sharp, { type OutputInfo } from 'sharp';
import type { Db } from '../db/client';
import { communityPhotos } from './tables';
import { AppError } from '../errors';

/** At most 5 MB per photo, as sent. */
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;
/** Stored photos are at most this many pixels on their longer side. */
const MAX_SIDE = 2048;

export type PhotoKind = 'jpeg' | 'png' | 'webp';

/** The image type from its first bytes (the name and the declared type are not trusted), or undefined. */
export function sniffImage(bytes: Uint8Array): PhotoKind | undefined {
  const starts = (sig: number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);
  if (starts([0xff, 0xd8, 0xff])) return 'jpeg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return undefined;
}

/**
 * Checks and stores one office photo: JPEG, PNG or WebP by content, at most 5 MB, decoded and re-encoded as
 * JPEG by sharp (turned upright from its EXIF orientation, then written without any metadata: no EXIF, no
 * location), under `uploadDir/<id>.jpg`. A file sharp cannot decode is refused like a wrong type.
 */
export async function storePhoto(db: Db, uploadDir: string, userId: number, file: File) {
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
  const name = `${id}.jpg`;
  await mkdir(uploadDir, { recursive: true });
  await writeFile(join(uploadDir, name), output.data);
  await db.insert(communityPhotos).values({ id, userId, file: name, bytes: output.data.length, width: output.info.width, height: output.info.height });
  return { photo_id: id, width: String(output.info.width), height: String(output.info.height) };
}

/** The member's own photos among `ids` (another member's id, or an unknown one, is not found). */
export async function ownPhotos(db: Db, userId: number, ids: string[]) {
  return db.select().from(communityPhotos).where(and(eq(communityPhotos.userId, userId), inArray(communityPhotos.id, ids)));
}
