import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT = new Set(['.js', '.css', '.html', '.svg', '.json', '.txt', '.webmanifest']);
const MIN_BYTES = 1024;

/**
 * Writes a .br and a .gz beside every text file of a static export, as a CDN would serve them: the static
 * server (stack/static-server.ts) sends the smallest the browser accepts. Returns the bytes before and
 * after brotli.
 */
export function precompress(dir: string): { files: number; raw: number; brotli: number } {
  const totals = { files: 0, raw: 0, brotli: 0 };
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      const sub = precompress(path);
      totals.files += sub.files;
      totals.raw += sub.raw;
      totals.brotli += sub.brotli;
      continue;
    }
    const sizes = precompressFile(path);
    if (!sizes) continue;
    totals.files += 1;
    totals.raw += sizes.raw;
    totals.brotli += sizes.brotli;
  }
  return totals;
}

/** One file's .br and .gz (precompress), when it is text and large enough to be worth it; null when not. */
export function precompressFile(path: string): { raw: number; brotli: number } | null {
  if (!TEXT.has(extname(path)) || statSync(path).size < MIN_BYTES) return null;
  const body = readFileSync(path);
  const br = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
  writeFileSync(`${path}.br`, br);
  writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
  return { raw: body.length, brotli: br.length };
}
