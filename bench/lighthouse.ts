// Lighthouse's mobile performance and accessibility audits in Debian's Chromium: `npm run bench:lighthouse [runs]`.
// Audits the production export served locally and talking to a real local API (stack/production-app.ts),
// a few times; prints each run's scores, metrics, long tasks and failing accessibility audits, and the median
// score. Each run's report stays in .run/lighthouse-<run>.json. Each run also audits a bare Next export
// (bench/lib/bare-next.ts), served the same way, right after the product: the stack's own floor under the same
// load, as bench:api's floor server is the API's. Besides Home, each run audits two deep links opened as the first
// screen, /pledge/record and /wallet (their reports .run/lighthouse-<run>-pledge-record.json and -wallet.json),
// against the same floor; `LIGHTHOUSE_PAGES=Home` audits Home alone.
//
// Each audit starts from a blank page on the audited origin (a 404 of its static server), not from about:blank.
// From about:blank the navigation changes renderer process, and DevTools applies the phone's screen emulation to the
// new one about 100 ms into the load: the page's first frames are then made for a surface the browser no longer
// shows, and once three of them are undrawn the display compositor sends the page a frame only once a second
// (its "ThrottleUndrawnFrames"). Whether a page hits that depends on how busy its first 250 ms are (the runs that
// showed it: docs/decisions.md, "Lighthouse audits start from a blank page"). A phone loading the page has no
// emulation to re-apply.
import { readFileSync } from 'node:fs';
import { BARE_CHINESE_PAGE, bareNextApp } from './lib/bare-next';
import { ensureLighthouse, runLighthouse } from './lib/lighthouse-cli';
import { median, range } from './lib/samples';
import { productionAppWithApi } from '../stack/production-app';

const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index', 'interactive'];
const runs = Number(process.argv[2] ?? 3);

type LongTask = { url: string; startTime: number; duration: number };
type Report = {
  categories: { performance: { score: number }; accessibility: { score: number; auditRefs: { id: string; weight: number }[] } };
  audits: Record<string, { displayValue?: string; score: number | null; numericValue?: number; details?: { items?: LongTask[] } }>;
};
/** The first paint the audited load really made (unsimulated), from the metrics audit. */
function observedFirstPaint(report: Report): number {
  const metrics = report.audits.metrics?.details?.items?.[0] as { observedFirstPaint?: number } | undefined;
  return Math.round(metrics?.observedFirstPaint ?? NaN);
}
/** Each long main-thread task (simulated ms) and its script; * marks the ones that end after FCP, which TBT counts. */
function longTasks(tasks: LongTask[], fcp: number): string {
  const name = (url: string) => url.split('/').pop() || url;
  return (
    tasks.map((t) => `${t.startTime + t.duration > fcp ? '*' : ''}${name(t.url)} ${Math.round(t.startTime)}+${Math.round(t.duration)}`).join(', ') || 'none'
  );
}
/** One audit of `url` (performance and accessibility), its report kept at `output`. */
async function audit(url: string, output: string): Promise<Report> {
  await runLighthouse(url, output, ['--only-categories=performance,accessibility']);
  return JSON.parse(readFileSync(output, 'utf8')) as Report;
}
const score = (report: Report) => Math.round(report.categories.performance.score * 100);
const tbt = (report: Report) => Math.round(report.audits['total-blocking-time']?.numericValue ?? NaN);
const lcp = (report: Report) => Math.round(report.audits['largest-contentful-paint']?.numericValue ?? NaN);

ensureLighthouse();
// The first screens audited: Home, and two deep links a member opens straight from a bookmark or a
// shared link. Each is compared with the same bare page: the floor does not change with the route.
const PAGES = [
  { name: 'Home', hash: '#/' },
  { name: '/pledge/record', hash: '#/pledge/record' },
  { name: '/wallet', hash: '#/wallet' },
].filter((p) => !process.env.LIGHTHOUSE_PAGES || process.env.LIGHTHOUSE_PAGES.split(',').includes(p.name));

const app = await productionAppWithApi();
const floor = await bareNextApp();
const product = new Map(PAGES.map((p) => [p.name, { scores: [] as number[], tbt: [] as number[], lcp: [] as number[] }]));
const bare = { scores: [] as number[], tbt: [] as number[] };
const bareChinese = { scores: [] as number[], tbt: [] as number[] };
/** Audits a bare page, keeps its score and TBT in `figures` and prints the run's line. */
async function auditBare(name: string, url: string, output: string, figures: typeof bare, run: number) {
  const report = await audit(url, output);
  figures.scores.push(score(report));
  figures.tbt.push(tbt(report));
  console.log(
    `run ${run} ${name}: performance ${score(report)} · ${['first-contentful-paint', 'total-blocking-time'].map((id) => `${id} ${report.audits[id]?.displayValue ?? '—'}`).join(' · ')} · observed first paint ${observedFirstPaint(report)} ms`,
  );
}
try {
  for (let run = 1; run <= runs; run++) {
    for (const [i, page] of PAGES.entries()) {
      const report = await audit(
        `${app.url}${page.hash}`,
        i === 0 ? `.run/lighthouse-${run}.json` : `.run/lighthouse-${run}-${page.hash.replace(/\W+/g, '-').replace(/^-|-$/g, '')}.json`,
      );
      const figures = product.get(page.name)!;
      figures.scores.push(score(report));
      figures.tbt.push(tbt(report));
      figures.lcp.push(lcp(report));
      console.log(
        `run ${run} ${page.name}: performance ${score(report)} · ${METRICS.map((id) => `${id} ${report.audits[id]?.displayValue ?? '—'}`).join(' · ')} · observed first paint ${observedFirstPaint(report)} ms`,
      );
      const failing = report.categories.accessibility.auditRefs.filter((a) => a.weight > 0 && report.audits[a.id]?.score === 0).map((a) => a.id);
      console.log(
        `        long tasks: ${longTasks(report.audits['long-tasks']?.details?.items ?? [], report.audits['first-contentful-paint']?.numericValue ?? 0)}`,
      );
      console.log(
        `        accessibility ${Math.round(report.categories.accessibility.score * 100)}${failing.length ? ` · failing: ${failing.join(', ')}` : ''}`,
      );
    }
    await auditBare('bare Next export', floor.url, '.run/lighthouse-floor.json', bare, run);
    await auditBare('bare Next export in Chinese', `${floor.url}${BARE_CHINESE_PAGE}`, '.run/lighthouse-floor-zh.json', bareChinese, run);
  }
  const floorScore = median(bare.scores);
  const floorTbt = median(bare.tbt);
  for (const page of PAGES) {
    const figures = product.get(page.name)!;
    console.log(
      `${page.name}: median performance score over ${runs} runs: ${median(figures.scores)} (range ${range(figures.scores)}); median TBT ${median(figures.tbt)} ms (range ${range(figures.tbt)}); median LCP ${median(figures.lcp)} ms (range ${range(figures.lcp)}) · score − floor ${median(figures.scores) - floorScore} (target ≥ −3), TBT ÷ floor ${(median(figures.tbt) / floorTbt).toFixed(2)} (target ≤ 1.3), LCP target ≤ 2000 ms`,
    );
  }
  console.log(`bare Next export, same runs: median score ${floorScore} (range ${range(bare.scores)}); median TBT ${floorTbt} ms (range ${range(bare.tbt)})`);
  console.log(
    `bare Next export in Chinese (not the floor: what this machine's CJK fonts add to a bare page), same runs: median score ${median(bareChinese.scores)} (range ${range(bareChinese.scores)}); median TBT ${median(bareChinese.tbt)} ms (range ${range(bareChinese.tbt)})${PAGES.map((p) => `; ${p.name}'s TBT ÷ it ${(median(product.get(p.name)!.tbt) / median(bareChinese.tbt)).toFixed(2)}`).join('')}`,
  );
} finally {
  await floor.close();
  await app.stop();
}
