/** Image types the product accepts from people (office photos, banner images), told by content, never by name. */
export type ImageKind = 'jpeg' | 'png' | 'webp';

/** The image type from its first bytes (the name and the declared type are not trusted), or undefined. */
export function sniffImage(bytes: Uint8Array): ImageKind | undefined {
  const starts = (sig: number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);
  if (starts([0xff, 0xd8, 0xff])) return 'jpeg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return undefined;
}
