// Lighthouse's mobile performance and accessibility audits in Debian's Chromium: `npm run bench:lighthouse [runs]`.
// Audits the production export served locally and talking to a real local API (bench/lib/production-app.ts),
// a few times; prints each run's scores, metrics, long tasks and failing accessibility audits, and the median
// score. Each run's report stays in .run/lighthouse-<run>.json.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { copyFileSync, readFileSync } from 'node:fs';
import { CHROMIUM_ARGS } from '../playwright.config';
import { productionAppWithApi } from './lib/production-app';

const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index', 'interactive'];
const runs = Number(process.argv[2] ?? 3);

type LongTask = { url: string; startTime: number; duration: number };
/** Each long main-thread task (simulated ms) and its script; * marks the ones that end after FCP, which TBT counts. */
function longTasks(tasks: LongTask[], fcp: number): string {
  const name = (url: string) => url.split('/').pop() || url;
  return tasks.map((t) => `${t.startTime + t.duration > fcp ? '*' : ''}${name(t.url)} ${Math.round(t.startTime)}+${Math.round(t.duration)}`).join(', ') || 'none';
}
const app = await productionAppWithApi();
const scores: number[] = [];
try {
  for (let run = 1; run <= runs; run++) {
    // Asynchronous on purpose: the static server lives in this process and must keep answering.
    await promisify(execFile)(
      process.execPath,
      [
        'node_modules/lighthouse/cli/index.js',
        `${app.url}#/`,
        '--quiet',
        '--only-categories=performance,accessibility',
        '--form-factor=mobile',
        '--output=json',
        '--output-path=.run/lighthouse.json',
        '--chrome-path=' + (process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'),
        `--chrome-flags=--headless=new ${CHROMIUM_ARGS.join(' ')}`,
      ],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    const report = JSON.parse(readFileSync('.run/lighthouse.json', 'utf8')) as {
      categories: { performance: { score: number }; accessibility: { score: number; auditRefs: { id: string; weight: number }[] } };
      audits: Record<string, { displayValue?: string; score: number | null; numericValue?: number; details?: { items?: LongTask[] } }>;
    };
    copyFileSync('.run/lighthouse.json', `.run/lighthouse-${run}.json`);
    const score = Math.round(report.categories.performance.score * 100);
    scores.push(score);
    console.log(`run ${run}: performance ${score} · ${METRICS.map((id) => `${id} ${report.audits[id]?.displayValue ?? '—'}`).join(' · ')}`);
    const failing = report.categories.accessibility.auditRefs.filter((a) => a.weight > 0 && report.audits[a.id]?.score === 0).map((a) => a.id);
    console.log(`        long tasks: ${longTasks(report.audits['long-tasks']?.details?.items ?? [], report.audits['first-contentful-paint']?.numericValue ?? 0)}`);
    console.log(`        accessibility ${Math.round(report.categories.accessibility.score * 100)}${failing.length ? ` · failing: ${failing.join(', ')}` : ''}`);
  }
  scores.sort((a, b) => a - b);
  console.log(`median performance score over ${runs} runs: ${scores[Math.floor(runs / 2)]} (range ${scores[0]}–${scores[runs - 1]})`);
} finally {
  await app.stop();
}
