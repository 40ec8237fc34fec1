import { cpSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { precompressFile } from './precompress';

/** What an export was built from: its build settings and its source (stack.ts buildApp). */
export type BuildStamp = { env: Record<string, string>; source: string[] };

/** The file in an export that records its BuildStamp, written once the export is complete. */
export const STAMP_FILE = '.stack-env.json';

/**
 * The build settings that are only the URLs of a stack's servers. Next inlines them as string literals (in the
 * chunks, the HTML and the RSC payloads), so an export built for one stack's ports becomes another's by replacing
 * them: each stack of a test run would otherwise build the same app again for its own ports.
 */
const URL_SETTINGS: ReadonlySet<string> = new Set(['NEXT_PUBLIC_API_URL', 'NEXT_PUBLIC_RPC_URL']);

export function readStamp(dir: string): BuildStamp | null {
  const file = join(dir, STAMP_FILE);
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as BuildStamp;
  } catch {
    return null; // none yet (being built), or not one of ours
  }
}

/**
 * The URL replacements that turn an export built as `from` into one built as `to`; null unless the two have the
 * same source and differ in URL settings only, each an http(s) URL.
 */
export function urlReplacements(from: BuildStamp, to: BuildStamp): [string, string][] | null {
  if (JSON.stringify(from.source) !== JSON.stringify(to.source)) return null;
  const replacements: [string, string][] = [];
  for (const key of new Set([...Object.keys(from.env), ...Object.keys(to.env)])) {
    const [was, now] = [from.env[key], to.env[key]];
    if (was === now) continue;
    if (!URL_SETTINGS.has(key) || !was || !now || !/^https?:\/\/\S+$/.test(was) || !/^https?:\/\/\S+$/.test(now)) return null;
    replacements.push([was, now]);
  }
  return replacements;
}

/** Every file under dir but the precompressed copies, which are rewritten from their originals. */
function exportFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && !/\.(br|gz)$/.test(entry.name) && entry.name !== STAMP_FILE)
    .map((entry) => join(entry.parentPath, entry.name));
}

/** `url` where it is a whole URL's origin: not followed by more of a port or host (…:8788 is not …:87880). */
const whole = (url: string) => new RegExp(`${url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![0-9A-Za-z.-])`, 'g');

/**
 * Copies the export in `from` to `to`, its URLs replaced, the changed files precompressed again, and its stamp
 * `stamp`. Refused (false, nothing written at `to`) when an old URL is nowhere in the export (it was not inlined as
 * a literal, so a replacement would not make the build asked for), when a new one is already in it, or when `from`
 * changed while it was copied.
 */
function copyRebased(from: string, to: string, replacements: [string, string][], stamp: BuildStamp): boolean {
  const work = `${to}.rebasing`;
  try {
    const before = readFileSync(join(from, STAMP_FILE), 'utf8');
    rmSync(work, { recursive: true, force: true });
    cpSync(from, work, { recursive: true });
    if (rebaseFiles(work, replacements) && readFileSync(join(from, STAMP_FILE), 'utf8') === before) {
      writeFileSync(join(work, STAMP_FILE), JSON.stringify(stamp));
      rmSync(to, { recursive: true, force: true });
      renameSync(work, to);
      return true;
    }
  } catch {
    // `from` went away meanwhile: the caller builds
  }
  rmSync(work, { recursive: true, force: true });
  return false;
}

/** Replaces the URLs in every file of the export in `dir`: false when an old URL was nowhere, or a new one already in a file. */
function rebaseFiles(dir: string, replacements: [string, string][]): boolean {
  const patterns = replacements.map(([was, now]) => ({ was, now, pattern: whole(was) }));
  const seen = new Set<string>();
  for (const file of exportFiles(dir)) {
    const text = readFileSync(file, 'utf8');
    let rebased = text;
    for (const { was, now, pattern } of patterns) {
      if (text.includes(now)) return false;
      const replaced = rebased.replace(pattern, now);
      if (replaced !== rebased) seen.add(was);
      rebased = replaced;
    }
    if (rebased === text) continue;
    writeFileSync(file, rebased);
    precompressFile(file);
  }
  return seen.size === replacements.length;
}

/**
 * Makes `outDir` the export `stamp` describes from a complete export among `candidates` (outDir's own included) that
 * differs from it in URL settings only (a test run's other stack, the budget's production build, the last run's on
 * other ports): true when it did, false when none can be rebased and the caller must build.
 */
export function rebaseFromSibling(stamp: BuildStamp, outDir: string, candidates: string[]): boolean {
  for (const dir of candidates) {
    const theirs = readStamp(dir); // null for anything but a complete export: a missing folder, a file, one being built
    const replacements = theirs && urlReplacements(theirs, stamp);
    if (replacements && copyRebased(dir, outDir, replacements, stamp)) return true;
  }
  return false;
}
