// How the daily job grows with the stakes: `npm run bench:dividends-growth [-- N1 N2 …]` (default 250 000, 500 000
// and 1 000 000). Each size runs bench/dividends.ts on a fresh database of one throwaway PostgreSQL cluster, one after
// the other; printed per size: day 1 (every rank moves) and day 2 (a usual day), what the day's reads and writes alone
// take (the bench's 'reads alone' + 'writes alone' lines, same run), and each day's ratio to them. Then, per series,
// the power law t = a·N^b fitted to the measured sizes (least squares on log t against log N) and its projection to
// 10 000 000 stakes. Figures are printed, never asserted.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startCluster } from './lib/pg-cluster';

type Figures = { stakes: number; day1Ms: number; day2Ms: number; readsMs: number; writesMs: number; floorMs: number; mismatches: number };

const sizes = process.argv.slice(2).map(Number);
if (sizes.some((size) => !Number.isInteger(size) || size < 1000)) throw new Error('sizes are whole numbers of stakes, each at least 1000');
const PROJECTED = 10_000_000;
const cluster = await startCluster();
if (!cluster) throw new Error('bench:dividends-growth needs PostgreSQL (apt-get install postgresql)');
const scratch = mkdtempSync(join(tmpdir(), 'dividends-growth-'));
const measured: Figures[] = [];
try {
  for (const stakes of sizes.length ? sizes : [250_000, 500_000, 1_000_000]) {
    const name = `growth_${stakes}`;
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const figures = join(scratch, `${stakes}.json`);
    console.log(`== ${stakes} stakes`);
    execFileSync(process.execPath, ['--import', 'tsx', 'bench/dividends.ts', String(stakes)], {
      stdio: 'inherit',
      env: { ...process.env, BENCH_DATABASE_URL: cluster.url.replace(/\/postgres$/, `/${name}`), BENCH_FIGURES: figures },
    });
    measured.push(JSON.parse(readFileSync(figures, 'utf8')) as Figures);
  }
} finally {
  cluster.stop();
  rmSync(scratch, { recursive: true, force: true });
}

const s = (ms: number) => (ms / 1000).toFixed(2).padStart(7);
console.log('\nstakes      day 1    day 2   reads+writes alone   day 1 ÷ alone   day 2 ÷ alone   ledger mismatches');
for (const f of measured) {
  const alone = f.readsMs + f.writesMs;
  console.log(
    `${String(f.stakes).padEnd(9)} ${s(f.day1Ms)}  ${s(f.day2Ms)}   ${s(alone)}             ${(f.day1Ms / alone).toFixed(2).padStart(5)}           ${(f.day2Ms / alone).toFixed(2).padStart(5)}           ${f.mismatches}`,
  );
}
/** Least squares of log t on log N: t = a·N^b. */
function powerLaw(points: [number, number][]) {
  const xs = points.map(([n]) => Math.log(n));
  const ys = points.map(([, t]) => Math.log(t));
  const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
  const [mx, my] = [mean(xs), mean(ys)];
  const b = xs.reduce((sum, x, i) => sum + (x - mx) * (ys[i]! - my), 0) / xs.reduce((sum, x) => sum + (x - mx) ** 2, 0);
  return { b, at: (n: number) => Math.exp(my + b * (Math.log(n) - mx)) };
}
if (measured.length >= 2) {
  console.log(`\nprojected to ${PROJECTED.toLocaleString('en')} stakes (t = a·N^b over the sizes above):`);
  const series: [string, (f: Figures) => number][] = [
    ['day 1', (f) => f.day1Ms],
    ['day 2', (f) => f.day2Ms],
    ['reads+writes alone', (f) => f.readsMs + f.writesMs],
  ];
  for (const [label, of] of series) {
    const fit = powerLaw(measured.map((f) => [f.stakes, of(f)]));
    console.log(`${label.padEnd(20)} b = ${fit.b.toFixed(2)}: ${s(fit.at(PROJECTED))} s`);
  }
}
