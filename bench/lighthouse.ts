// Lighthouse's mobile performance audit of the served export in Debian's Chromium: `npm run bench:lighthouse`.
// Run after `npm run build`. Prints the score and the core metrics.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { readFileSync } from 'node:fs';
import { CHROMIUM_ARGS } from '../playwright.config';
import { serveStatic } from '../scripts/lib/static-server';

const server = await serveStatic('out');
try {
  // Asynchronous on purpose: the static server lives in this process and must keep answering.
  await promisify(execFile)(
    process.execPath,
    [
      'node_modules/lighthouse/cli/index.js', `${server.url}#/`, '--quiet', '--only-categories=performance', '--form-factor=mobile',
      '--output=json', '--output-path=.run/lighthouse.json', '--chrome-path=' + (process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'),
      `--chrome-flags=--headless=new ${CHROMIUM_ARGS.join(' ')}`,
    ],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  const report = JSON.parse(readFileSync('.run/lighthouse.json', 'utf8')) as {
    categories: { performance: { score: number } };
    audits: Record<string, { displayValue?: string }>;
  };
  console.log(`performance score: ${Math.round(report.categories.performance.score * 100)}`);
  for (const id of ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index', 'interactive']) {
    console.log(`${id.padEnd(26)} ${report.audits[id]?.displayValue ?? '—'}`);
  }
} finally {
  await server.close();
}
