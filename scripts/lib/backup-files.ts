// The embedded database's backup files (`npm run backup`, `npm run restore`): a gzipped tarball of the PGlite data
// directory with a timestamped name, and beside it its SHA-256 in `sha256sum` format, so `sha256sum -c` checks it too.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';

/** wld-pledge-pglite-20261202T161500Z.tar.gz: sorts by time, no characters a shell or a file system minds. */
export function backupName(at: Date): string {
  return `wld-pledge-pglite-${at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')}.tar.gz`;
}

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const checksumFile = (file: string) => `${file}.sha256`;

/** Writes the image and its checksum into `dir` (each under a temporary name first, so a file there is whole). */
export function writeBackup(dir: string, image: Uint8Array, at: Date): { file: string; sha256: string } {
  const file = join(dir, backupName(at));
  if (existsSync(file)) throw new Error(`${file} exists already`);
  const sum = sha256(image);
  writeFileSync(`${file}.partial`, image, { mode: 0o600 });
  renameSync(`${file}.partial`, file);
  writeFileSync(`${checksumFile(file)}.partial`, `${sum}  ${basename(file)}\n`, { mode: 0o600 });
  renameSync(`${checksumFile(file)}.partial`, checksumFile(file));
  return { file, sha256: sum };
}

/** The backup's bytes once they match the checksum file beside it; throws a sentence saying what is wrong. */
export function readVerifiedBackup(file: string): Uint8Array<ArrayBuffer> {
  if (!existsSync(file)) throw new Error(`${file}: no such file`);
  if (!existsSync(checksumFile(file))) throw new Error(`${checksumFile(file)}: no checksum file beside the backup (npm run backup writes one)`);
  const expected = /^([0-9a-f]{64})\s/.exec(readFileSync(checksumFile(file), 'utf8'))?.[1];
  if (!expected) throw new Error(`${checksumFile(file)}: not a SHA-256 line ("<64 hex digits>  <file name>")`);
  const image = new Uint8Array(readFileSync(file)) as Uint8Array<ArrayBuffer>;
  const actual = sha256(image);
  if (actual !== expected) throw new Error(`${file}: checksum mismatch (file ${actual}, expected ${expected}); the backup is damaged, restore another`);
  return image;
}
