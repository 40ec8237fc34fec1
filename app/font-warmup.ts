import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inlineJson } from './inline-json';

/** What the worker lays out: the first screen's weights of the app's font stack (CSS `font`), and a text. */
export type FontWarmup = { fonts: string[]; text: string };

/** The app's font stack, from the theme in app/globals.css (`--font-sans`), read when the page is exported. */
export function appFontStack(css = readFileSync(join(process.cwd(), 'app/globals.css'), 'utf8')): string {
  const stack = /--font-sans:\s*([^;]+);/.exec(css)?.[1]?.trim();
  if (!stack) throw new Error('app/globals.css has no --font-sans');
  return stack;
}

/**
 * The regular and the bold face (the first screen sets text in 400, titles, amounts and buttons in 600-900: one
 * bold file), with a Latin and a Han character: in the default language the app's text is Han, and where the
 * stack's first installed font is a CJK one, Latin text takes it too.
 */
export function fontWarmup(stack = appFontStack()): FontWarmup {
  return { fonts: [400, 700].map((weight) => `${weight} 16px ${stack}`), text: 'W 质' };
}

/**
 * The worker's body, serialized with Function.prototype.toString into a blob: self-contained, no outer names.
 * Laying the text out makes the browser load those font files on the worker's thread.
 */
export function warmFonts(scope: { OffscreenCanvas?: typeof OffscreenCanvas; close(): void }, warmup: FontWarmup): void {
  try {
    const context = scope.OffscreenCanvas ? new scope.OffscreenCanvas(1, 1).getContext('2d') : null;
    if (context) {
      for (const font of warmup.fonts) {
        context.font = font;
        context.measureText(warmup.text);
      }
    }
  } catch {
    // The page then loads its fonts at its first text layout, as it would without the worker.
  }
  scope.close();
}

/**
 * The inline script of the HTML head that starts the font worker as the page starts. Linux Chromium copies each
 * system font file the page needs (Debian's Noto Sans CJK: ~20 MB a weight) into shared memory once per
 * browser, and the app's first text layout waited on that copy on the main thread (after the first paint, so all
 * of it counted as blocking time). The worker's code comes from a blob, not a file: a file arrived at the lowest
 * priority, after the app's chunks (docs/decisions.md, "the font stack stays"). Any
 * failure (no Worker, a policy refusing blob: workers) leaves the page as it was.
 */
export function fontWarmupScript(warmup: FontWarmup = fontWarmup()): string {
  const worker = `(${warmFonts.toString()})(self,${JSON.stringify(warmup)})`;
  return `(function(){try{new Worker(URL.createObjectURL(new Blob([${inlineJson(worker)}],{type:'text/javascript'})))}catch(e){}})()`;
}
