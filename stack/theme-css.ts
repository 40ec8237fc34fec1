import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A build check: the exported CSS carries the theme of app/globals.css (`@theme inline` and the two themes'
 * variables). Without it Tailwind still builds, silently, and the app renders unstyled colours: a few of the
 * theme's utilities, as Tailwind compiles them, must be in the CSS.
 */
export const THEME_RULES: readonly (readonly [selector: string, declaration: string])[] = [
  ['.bg-ink', 'background-color:var(--ink)'],
  ['.text-gold', 'color:var(--gold)'],
  ['.text-on-gold', 'color:#0b1020'],
  ['.max-w-app', 'max-width:480px'],
  [':root', '--ink:#0b1020'],
];

const squeeze = (css: string) => css.replace(/\s+/g, '').replace(/;}/g, '}');
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The theme rules the CSS lacks, as `selector { declaration }`; empty when the theme is in. */
export function missingThemeRules(css: string): string[] {
  const flat = squeeze(css);
  return THEME_RULES.filter(([selector, declaration]) => {
    const rule = new RegExp(`(^|[}\\s,])${escape(selector)}(,[^{]*)?\\{[^}]*${escape(declaration)}`);
    return !rule.test(flat);
  }).map(([selector, declaration]) => `${selector} { ${declaration} }`);
}

function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return cssFiles(path);
    return entry.name.endsWith('.css') ? [path] : [];
  });
}

/** Throws when the static export in `dir` was built without the theme. */
export function assertExportHasTheme(dir: string) {
  const files = cssFiles(join(dir, '_next', 'static'));
  const missing = missingThemeRules(files.map((file) => readFileSync(file, 'utf8')).join('\n'));
  if (missing.length) {
    throw new Error(`The CSS built into ${dir} lacks the theme of app/globals.css (${files.length} CSS files); missing: ${missing.join('; ')}`);
  }
}
