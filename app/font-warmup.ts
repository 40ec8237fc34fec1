import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The worker's file, served beside index.html (public/), and what it lays out. */
export type FontWarmup = { worker: string; fonts: string[]; text: string };

/** The app's font stack, from the theme in app/globals.css (`--font-sans`), read when the page is exported. */
export function appFontStack(css = readFileSync(join(process.cwd(), 'app/globals.css'), 'utf8')): string {
  const stack = /--font-sans:\s*([^;]+);/.exec(css)?.[1]?.trim();
  if (!stack) throw new Error('app/globals.css has no --font-sans');
  return stack;
}

/**
 * The regular and the bold face of the app's font (the first screen uses 400 for text, 600-900 for titles,
 * amounts and buttons: one bold file), with a Latin and a Han character: in the default language the app's
 * own text is Han, and on a machine whose first font of the stack is a CJK one, Latin text takes it too.
 */
export function fontWarmup(stack = appFontStack()): FontWarmup {
  return { worker: 'font-warmup.js', fonts: [400, 700].map((weight) => `${weight} 16px ${stack}`), text: 'W 质' };
}

/**
 * The inline script of the HTML head that starts the font worker (public/font-warmup.js) as the page starts,
 * so the browser loads the app's font files on that thread while the app's JavaScript downloads: the app's
 * first text layout then finds them in. Any failure (no Worker, a policy refusing it) leaves the page as before.
 */
export function fontWarmupScript(warmup: FontWarmup = fontWarmup()): string {
  const json = JSON.stringify(warmup).replace(/</g, '\\u003c');
  return `(function(){try{var w=${json};new Worker(w.worker).postMessage({fonts:w.fonts,text:w.text})}catch(e){}})()`;
}
