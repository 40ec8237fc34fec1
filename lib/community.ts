import { parseAddress } from './address';

/** Office photos an application needs (spec section 9). */
export const OFFICE_PHOTOS = 3;
/** The largest photo the server accepts; checked before uploading too. */
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export type ApplicationForm = { receiver: string; province: string; city: string; community: string; photos: string[] };
export type ApplicationCheck = { ok: true; receiver: `0x${string}`; community: `0x${string}` } | { ok: false; message: string };

/** The form's checks in the spec's order (section 5), each a message key; the server checks them all again. */
export function checkApplication(form: ApplicationForm): ApplicationCheck {
  const receiver = parseAddress(form.receiver);
  if (!receiver.ok) return { ok: false, message: receiver.reason === 'required' ? 'validation.applicationAddress' : 'errors.invalidAddress' };
  if (!form.province) return { ok: false, message: 'validation.provinceFirst' };
  if (!form.city) return { ok: false, message: 'validation.cityFirst' };
  const community = parseAddress(form.community);
  if (!community.ok) return { ok: false, message: community.reason === 'required' ? 'community.communityRequired' : 'errors.invalidAddress' };
  if (form.photos.length !== OFFICE_PHOTOS) return { ok: false, message: 'validation.officePhotos' };
  return { ok: true, receiver: receiver.address, community: community.address };
}

/**
 * The SHA-256 of a picked file's bytes, hex: a file already picked for another slot is refused before it is
 * uploaded (the server refuses the same picture again at apply). Undefined where the browser has no Web Crypto
 * (a page not served over https).
 */
export async function photoDigest(file: Blob): Promise<string | undefined> {
  if (!globalThis.crypto?.subtle) return undefined;
  const digest = new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', await file.arrayBuffer()));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A picked file, before it is uploaded: the size here, the content type on the server (by its bytes). */
export function checkPhotoFile(file: { size: number; type: string }): string | undefined {
  if (file.size > MAX_PHOTO_BYTES) return 'community.photoTooLarge';
  if (file.type && !(PHOTO_TYPES as readonly string[]).includes(file.type)) return 'community.photoType';
  return undefined;
}
