// First-load JavaScript of the home screen: loads the served export in Debian's Chromium at 390×844,
// records every script it fetches until the page is idle, and sums their gzip sizes from the build.
// `npm run bench:bundle`: measures the production export (bench/lib/production-app.ts).
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../playwright.config';
import { BENCH_APP_DIR, productionAppWithApi } from './lib/production-app';

const app = await productionAppWithApi();
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  const scripts = new Set<string>();
  page.on('request', (r) => r.resourceType() === 'script' && scripts.add(new URL(r.url()).pathname));
  await page.goto(`${app.url}#/`, { waitUntil: 'networkidle' });
  await page.waitForSelector('[data-screen="Index"]');
  await page.waitForLoadState('networkidle');

  let raw = 0;
  let gzip = 0;
  const rows: [string, number, number][] = [];
  const heavy: string[] = [];
  for (const path of scripts) {
    const body = readFileSync(`${BENCH_APP_DIR}${path}`);
    const z = gzipSync(body, { level: 9 }).length;
    raw += body.length;
    gzip += z;
    rows.push([path, body.length, z]);
    const text = body.toString('utf8');
    if (text.includes('GlobalWorkerOptions')) heavy.push(`${path} (pdfjs)`);
    if (text.includes('toCanvas') && text.includes('errorCorrectionLevel')) heavy.push(`${path} (qrcode)`);
  }
  rows.sort((a, b) => b[2] - a[2]);
  for (const [path, size, z] of rows) console.log(`${(z / 1024).toFixed(1).padStart(7)} KiB gz ${(size / 1024).toFixed(1).padStart(8)} KiB  ${path}`);
  console.log(`home first load: ${scripts.size} scripts, ${(gzip / 1024).toFixed(1)} KiB gzip (${(raw / 1024).toFixed(1)} KiB raw)`);
  console.log(heavy.length ? `heavy libraries in the first load: ${heavy.join(', ')}` : 'pdfjs and qrcode are not in the first load');
} finally {
  await browser.close();
  await app.stop();
}
