// Home's first-load JavaScript, measured one way for the bench (bench/bundle.ts) and the budget in `npm test`
// (scripts/bundle-budget.ts): loads the production export served as a CDN would, against a live local API
// (stack/production-app.ts), in Debian's Chromium at 390×844, records every script it fetches until the
// page is idle, and sums their gzip sizes from the build.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../playwright.config';
import { BENCH_APP_DIR, productionAppWithApi } from './production-app';

export type ScriptSize = { path: string; raw: number; gzip: number };
export type FirstLoad = { scripts: ScriptSize[]; raw: number; gzip: number; heavy: string[] };

export const KIB = 1024;

export async function measureHomeFirstLoad(): Promise<FirstLoad> {
  const app = await productionAppWithApi();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const paths = new Set<string>();
    // Files of the export only: a blob: worker's code (app/font-warmup.ts) came with the HTML, as the inline scripts did.
    // (A blob: URL has its creator's origin, so the scheme is what tells them apart.)
    const origin = `${new URL(app.url).origin}/`;
    page.on('request', (r) => r.resourceType() === 'script' && r.url().startsWith(origin) && paths.add(new URL(r.url()).pathname));
    await page.goto(`${app.url}#/`, { waitUntil: 'networkidle' });
    await page.waitForSelector('[data-screen="Index"]');
    await page.waitForLoadState('networkidle');

    const scripts: ScriptSize[] = [];
    const heavy: string[] = [];
    for (const path of paths) {
      const body = readFileSync(`${BENCH_APP_DIR}${path}`);
      scripts.push({ path, raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
      const text = body.toString('utf8');
      if (text.includes('GlobalWorkerOptions')) heavy.push(`${path} (pdfjs)`);
      if (text.includes('toCanvas') && text.includes('errorCorrectionLevel')) heavy.push(`${path} (qrcode)`);
      // intl-messageformat, back when messages are not precompiled (next.config.mjs): its locale check loads
      // Intl's number data, a long task of its own on a phone.
      if (text.includes('supportedLocalesOf')) heavy.push(`${path} (a runtime ICU message parser)`);
    }
    scripts.sort((a, b) => b.gzip - a.gzip);
    const sum = (key: 'raw' | 'gzip') => scripts.reduce((total, s) => total + s[key], 0);
    return { scripts, raw: sum('raw'), gzip: sum('gzip'), heavy };
  } finally {
    await browser.close();
    await app.stop();
  }
}

export const kib = (bytes: number) => (bytes / KIB).toFixed(1);
