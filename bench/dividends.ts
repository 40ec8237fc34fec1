// Times one daily dividend run over N active stakes: `npm run bench:dividends -- [N]`.
// PGlite by default (N = 20 000); with BENCH_DATABASE_URL, PostgreSQL (try N up to 1 000 000).
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/db/client';
import { runStakingJobs } from '../server/staking/daily';
import { runOp } from '../server/admin/ops';

const url = process.env.BENCH_DATABASE_URL;
const n = Number(process.argv[2] ?? (url ? 200_000 : 20_000));
const database = await openDatabase(url ? { databaseUrl: url } : {});
const db = database.db;
const start = new Date('2026-01-01T00:00:00Z');

await runOp(db, 'level.add', ['100', '30:0.5']);
const t0 = performance.now();
await db.execute(sql`insert into users (address) select '0x' || lpad(to_hex(g), 40, '0') from generate_series(1, ${n}) g`);
await db.execute(sql`insert into balances (user_id, amount) select id, 0 from users`);
await db.execute(sql`
  insert into stakes (user_id, level_id, period_id, days, scale, amount, cumulative, started_at, ends_at)
  select id, 1, 1, 30, 0.5, 100e18, 100e18, ${start.toISOString()}::timestamptz, ${start.toISOString()}::timestamptz + interval '30 days' from users`);
await db.execute(sql`insert into stake_terms (stake_id, from_day, amount, scale) select id, 0, amount, scale from stakes`);
const setupMs = performance.now() - t0;

const day = (d: number) => ({ now: () => new Date(start.getTime() + d * 86_400_000 + 60_000) });
const t1 = performance.now();
const report = await runStakingJobs(db, day(1));
const runMs = performance.now() - t1;
const t2 = performance.now();
const again = await runStakingJobs(db, day(1));
const rerunMs = performance.now() - t2;

console.log(`database        ${database.kind}`);
console.log(`stakes          ${n}`);
console.log(`setup           ${(setupMs / 1000).toFixed(1)} s`);
console.log(`daily run       ${(runMs / 1000).toFixed(2)} s, ${report.dividends} dividends paid (${Math.round(report.dividends / (runMs / 1000))} per second)`);
console.log(`same-day rerun  ${(rerunMs / 1000).toFixed(2)} s, ${again.dividends} paid (idempotent)`);
await database.close();
