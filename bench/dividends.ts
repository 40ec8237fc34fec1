// Times the daily job (ranks, dividends and referral rewards) over N members, each with one active stake, in
// a referral tree where every member invites BRANCH others: `npm run bench:dividends -- [N] [BRANCH]`.
// PGlite by default (N = 20 000); with BENCH_DATABASE_URL, PostgreSQL (try N up to 1 000 000).
import { writeFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { openDatabase, rowsOf } from '../server/db/client';
import { runStakingJobs, tuneForBulkWork } from '../server/staking/daily';
import { runOp } from '../server/admin/ops';
import { ledgerMismatches } from '../server/ledger/ledger';

const url = process.env.BENCH_DATABASE_URL;
const n = Number(process.argv[2] ?? (url ? 200_000 : 20_000));
const branch = Number(process.argv[3] ?? 10);
const database = await openDatabase(url ? { databaseUrl: url } : {});
const db = database.db;
const start = new Date('2026-01-01T00:00:00Z');
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

await runOp(db, 'level.add', ['100', '30:0.5']);
const t0 = performance.now();
// Member g's inviter is member (g - 2) / branch + 1: a complete tree rooted at member 1.
await db.execute(sql`
  insert into users (id, address, inviter_id, created_at)
  select g, '0x' || lpad(to_hex(g), 40, '0'), case when g > 1 then (g - 2) / ${branch} + 1 end, ${start.toISOString()}::timestamptz
  from generate_series(1, ${n}) g`);
// Only the tables' owner may set a sequence or analyze its tables (the server's role may not: server/db/roles.ts).
await database.asOwner((owner) => owner.execute(sql`select setval('users_id_seq', ${n})`));
// The bench's own scratch tables below (the floor's, copies of day 2's rows) are made by the server's role, which owns
// nothing (server/db/roles.ts): on this throwaway database it may create them.
const [{ role } = { role: '' }] = await rowsOf<{ role: string }>(db, sql`select current_user as role`);
await database.asOwner((owner) => owner.execute(sql.raw(`grant create on schema public to "${role}"`)));
await db.execute(sql`
  insert into user_ancestors (user_id, ancestor_id, depth)
  select u.id, u.inviter_id, 1 from users u where u.inviter_id is not null
  union all
  select u.id, p.inviter_id, 2 from users u join users p on p.id = u.inviter_id where p.inviter_id is not null
  union all
  select u.id, q.inviter_id, 3 from users u join users p on p.id = u.inviter_id join users q on q.id = p.inviter_id where q.inviter_id is not null`);
await db.execute(sql`insert into balances (user_id, amount) select id, 0 from users`);
await db.execute(sql`
  insert into stakes (user_id, level_id, period_id, days, scale, amount, cumulative, started_at, ends_at, changed_at)
  select id, 1, 1, 30, 0.5, 100e18, 100e18, ${start.toISOString()}::timestamptz, ${start.toISOString()}::timestamptz + interval '30 days',
         ${start.toISOString()}::timestamptz from users`);
await database.asOwner((owner) => owner.execute(sql`analyze`));
const setupMs = performance.now() - t0;

const day = (d: number) => ({ now: () => new Date(start.getTime() + d * 86_400_000 + 60_000) });
async function timed(d: number) {
  // The job runs once a day, long after the previous run's WAL was checkpointed; without this, day 1's
  // checkpoint (over a gigabyte of WAL at 1M stakes) lands inside day 2's timing.
  if (database.kind === 'postgres') await db.execute(sql`checkpoint`);
  const phases = new Map<string, number>();
  const t = performance.now();
  const report = await runStakingJobs(db, day(d), (phase, ms) => phases.set(phase, (phases.get(phase) ?? 0) + ms));
  return { ms: performance.now() - t, phases, ...report };
}
const line = (name: string, r: Awaited<ReturnType<typeof timed>>) =>
  console.log(
    `${name.padEnd(16)}${seconds(r.ms).padStart(9)}: ranks ${r.ranks === null ? 'not due' : `${r.ranks} changed (${r.rankPass} pass)`}, ${r.dividends} dividends (${Math.round(r.dividends / (r.ms / 1000))}/s), ` +
      `${r.rewards} rewards (${Math.round(r.rewards / (r.ms / 1000))}/s); ` +
      [...r.phases].map(([phase, ms]) => `${phase} ${seconds(ms)}`).join(', '),
  );

console.log(`database        ${database.kind}`);
console.log(`members/stakes  ${n} (each invites ${branch})`);
console.log(`setup           ${seconds(setupMs)}`);
const day1 = await timed(1);
line('day 1 run', day1);
line('same-day rerun', await timed(1));
const day2 = await timed(2);
line('day 2 run', day2);
/**
 * One statement's time, after a checkpoint (the bench's runs start after one too); `asTheJob`: in a transaction with
 * the job's own settings (tuneForBulkWork), as the job runs its statements.
 */
async function timedStatement(statement: ReturnType<typeof sql>, { asTheJob = false } = {}) {
  if (database.kind === 'postgres') await db.execute(sql`checkpoint`);
  if (!asTheJob) {
    const t = performance.now();
    await db.execute(statement);
    return performance.now() - t;
  }
  return db.transaction(async (tx) => {
    await tuneForBulkWork(tx);
    const t = performance.now();
    await tx.execute(statement);
    return performance.now() - t;
  });
}
// The floor: the same cluster writing as many ledger rows as day 2's run posted (its dividends rows and
// reward entries), in one INSERT … SELECT into a copy of ledger_entries with the same columns, defaults and indexes, after
// the same checkpoint. Whatever the job does beyond that (reading the stakes and the tree, the rewards each dividend carries, the
// balances, the dues) is what the job costs over writing its ledger.
async function floorRun(rows: number) {
  await db.execute(sql`drop table if exists floor_entries`);
  await db.execute(sql`create table floor_entries (like ledger_entries including all)`);
  const ms = await timedStatement(sql`
    insert into floor_entries (user_id, type, amount, stake_id, created_at)
    select g % ${n} + 1, 'dividend', 500000000000000000, g % ${n} + 1, now() from generate_series(1, ${rows}) g`);
  await db.execute(sql`drop table floor_entries`);
  return ms;
}
// Day 2's ledger rows: its reward entries and its dividends (each dividends row is the staker's ledger row for it),
// kept for the writes below.
await db.execute(sql`create table day2_dividends as select * from dividends where paid_at = (select max(paid_at) from dividends)`);
await db.execute(sql`create table day2_entries as select * from ledger_entries where created_at = (select max(created_at) from ledger_entries)`);
const [posted] = await rowsOf<{ rows: number }>(db, sql`select ((select count(*) from day2_entries) + (select count(*) from day2_dividends))::int as rows`);
const floorRows = posted?.rows ?? 0;
const floorMs = await floorRun(floorRows);
console.log(
  `floor           ${seconds(floorMs).padStart(9)}: one INSERT … SELECT of ${floorRows} ledger rows (day 2's dividends and entries); day 2 / floor ${(day2.ms / floorMs).toFixed(2)}`,
);
// What day 2 writes, whatever it computes: its dividends rows, into a copy of `dividends` (same columns,
// key and defaults); a credit to every member's balance (all are paid in this bench's shape), in a copy of `balances`
// with its fillfactor, credited once before, as day 1 had; and its reward entries, into a copy of ledger_entries.
// Each statement on its own after a checkpoint, from day 2's rows copied above, so no read or computation is in it:
// how far under the job the floor sits for what the design must write.
async function writesAloneRun() {
  const [{ reloptions } = { reloptions: null }] = await rowsOf<{ reloptions: string[] | null }>(
    db,
    sql`select reloptions from pg_class where relname = 'balances'`,
  );
  const balanceOptions = reloptions?.length ? sql.raw(` with (${reloptions.join(', ')})`) : sql``;
  await db.execute(sql`create table w_dividends (like dividends including all)`);
  await db.execute(sql`create table w_entries (like ledger_entries including all)`);
  await db.execute(sql`create table w_balances (like balances including all)${balanceOptions}`);
  await db.execute(sql`insert into w_balances select * from balances`);
  await db.execute(sql`update w_balances set amount = amount + 1`);
  const dividendsMs = await timedStatement(sql`insert into w_dividends select * from day2_dividends`);
  const creditsMs = await timedStatement(sql`update w_balances set amount = amount + 1`);
  const entriesMs = await timedStatement(
    sql`insert into w_entries (user_id, type, amount, stake_id, created_at) select user_id, type, amount, stake_id, created_at from day2_entries`,
  );
  for (const table of ['w_dividends', 'w_entries', 'w_balances', 'day2_dividends', 'day2_entries']) await db.execute(sql.raw(`drop table ${table}`));
  return { dividendsMs, creditsMs, entriesMs, ms: dividendsMs + creditsMs + entriesMs };
}
const alone = await writesAloneRun();
console.log(
  `writes alone    ${seconds(alone.ms).padStart(9)}: day 2's dividends rows ${seconds(alone.dividendsMs)}, a credit to each balance ${seconds(alone.creditsMs)}, ` +
    `its reward entries ${seconds(alone.entriesMs)}; writes alone / floor ${(alone.ms / floorMs).toFixed(2)}`,
);
// What any run of this design must read, whatever it computes: each stake within its period with its
// principal and scale, and its staker's three generations above with their levels (the inviter chain through
// `users`, four copies joined by key), summed to one row so nothing is sent or written, with the job's own settings
// (tuneForBulkWork). With the writes alone, the least a day costs before its percents, bonuses, sums and credits are
// worked out.
const readsMs = await timedStatement(
  sql`
    select count(*), sum(s.amount * s.scale), sum(coalesce(u1.lv, 0) + coalesce(u2.lv, 0) + coalesce(u3.lv, 0))
    from stakes s
    join users u0 on u0.id = s.user_id
    left join users u1 on u1.id = u0.inviter_id
    left join users u2 on u2.id = u1.inviter_id
    left join users u3 on u3.id = u2.inviter_id
    where s.status = 'active'`,
  { asTheJob: true },
);
console.log(
  `reads alone     ${seconds(readsMs).padStart(9)}: each active stake's principal and scale, its staker's three generations and their levels; ` +
    `reads alone / floor ${(readsMs / floorMs).toFixed(2)}; reads and writes alone / floor ${((readsMs + alone.ms) / floorMs).toFixed(2)}`,
);
// Day 3: one member in a hundred opened a second stake during day 2 (written as investSave would, without its debit,
// which the ranks do not read), so the day's ranks recompute the lines above those members only.
await db.execute(sql`
  insert into stakes (user_id, level_id, period_id, days, scale, amount, cumulative, started_at, ends_at, changed_at)
  select id, 1, 1, 30, 0.5, 100e18, 100e18, t, t + interval '30 days', t
  from users, (select ${new Date(start.getTime() + 2 * 86_400_000 + 3_600_000).toISOString()}::timestamptz as t) at
  where id % 100 = 0`);
line(`day 3 run (${Math.floor(n / 100)} opened)`, await timed(3));
const readsAndWrites = readsMs + alone.ms;
console.log(
  `day / alone     day 1 ${(day1.ms / readsAndWrites).toFixed(2)}, day 2 ${(day2.ms / readsAndWrites).toFixed(2)} times what its reads and writes alone take (${seconds(readsAndWrites)})`,
);
const mismatches = (await ledgerMismatches(db)).length;
console.log(`ledger check    ${mismatches} balances differ from their entries and dividends`);
// For bench/dividends-growth.ts, which runs this at several sizes.
if (process.env.BENCH_FIGURES)
  writeFileSync(process.env.BENCH_FIGURES, JSON.stringify({ stakes: n, day1Ms: day1.ms, day2Ms: day2.ms, readsMs, writesMs: alone.ms, floorMs, mismatches }));
await database.close();
