import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

// A <script> without src (its text runs inline) and a <style> element. Next's export writes them plainly.
const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script\s*>/gi;
const INLINE_STYLE = /<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi;

export type InlineHashes = { scripts: string[]; styles: string[] };

/** The CSP source for one inline element: the sha256 of its text exactly as written. */
export const sha256Source = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The HTML files of the export; the hashed assets' folder (`_next/`) is not walked. */
function htmlFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === '_next' ? [] : htmlFiles(path);
      return entry.name.endsWith('.html') ? [path] : [];
    })
    .sort();
}

/** The hashes of every inline script and style element in the export's HTML files, each once. */
export function inlineHashes(dir: string): InlineHashes {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  for (const file of htmlFiles(dir)) {
    const html = readFileSync(file, 'utf8');
    for (const [, text] of html.matchAll(INLINE_SCRIPT)) if (text) scripts.add(sha256Source(text));
    for (const [, text] of html.matchAll(INLINE_STYLE)) if (text) styles.add(sha256Source(text));
  }
  return { scripts: [...scripts], styles: [...styles] };
}

/**
 * The console page's policy: scripts from this origin and the export's own inline boot scripts (Next writes its
 * flight data as `self.__next_f.push(…)` and Turbopack's chunk list inline), by hash, so an injected inline
 * script does not run. Styles the same way: the page's CSS is a file, React sets element styles through the
 * CSSOM (which style-src does not govern); only Next's not-found page carries a <style> element (by hash) and
 * style attributes, which stay unstyled there: the console never shows that page.
 */
export function consolePolicy(hashes: InlineHashes): string {
  return [
    "default-src 'self'",
    ['script-src', "'self'", ...hashes.scripts].join(' '),
    ['style-src', "'self'", ...hashes.styles].join(' '),
    "img-src 'self' data: blob:",
    "connect-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "object-src 'none'",
  ].join('; ');
}

/**
 * The policy for the export in `dir`. `recheck` (for an HTML page) looks at its HTML files again and re-reads them
 * when they changed, so a rebuild while the server runs keeps its page working; the other responses (its scripts,
 * styles, images) carry the policy as last read, without touching the disk.
 */
export function consolePolicyOf(dir: string): (recheck: boolean) => string {
  let cached = { stamp: '', policy: consolePolicy({ scripts: [], styles: [] }) };
  return (recheck) => {
    if (!recheck && cached.stamp) return cached.policy;
    const files = htmlFiles(dir);
    const stamp = files
      .map((file) => {
        const { mtimeMs, size } = statSync(file);
        return `${file}:${mtimeMs}:${size}`;
      })
      .join('|');
    if (stamp !== cached.stamp) cached = { stamp, policy: consolePolicy(inlineHashes(dir)) };
    return cached.policy;
  };
}
