// The API against its floor: `npm run bench:api [-- postgres|pglite]`. For each database (a throwaway
// PostgreSQL cluster, then PGlite), the product's server (server/main.ts) and the floor
// (bench/lib/floor-server.ts: Hono, the same envelope check, one SELECT by address, and for the signed write a
// stored nonce, the same signature check and one row written) both run on core 0 and
// take turns, round after round, while autocannon drives them from this process on core 1: 50 keep-alive
// connections on loopback, each run bounded in requests and in seconds; the best round of each is kept. Printed: req/s, p50/p99 (ms) and product/floor for getUserInfo
// (signed in), getSwap (public) and the signed write: getNonce, the wallet's signature (made here, between
// the two runs), investSave (a 100 WLD stake); the server's CPU time per request (from /proc), which a
// busy machine slows less than it slows req/s, and on PostgreSQL the cluster's CPU time per request. Figures are
// printed, never asserted.
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { signEnvelope } from '../lib/envelope';
import { openDatabase } from '../server/db/client';
import { type Seeded, seedBenchData } from './lib/api-seed';
import { type BenchServer, hasTaskset, pinSelf, startServer } from './lib/bench-server';
import { type LoadResult, type LoadSpec, runLoad as runSpec } from './lib/load';
import { startCluster } from './lib/pg-cluster';
import { freePort } from '../stack/ports';

const API_KEY = 'bench-api-key';
const CONNECTIONS = 50;
const MEMBERS = 50;
const READS = Number(process.env.BENCH_READS ?? 20_000);
const WRITES = Number(process.env.BENCH_WRITES ?? 3_000);
const MAX_SECONDS = 20;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** Extra node flags for the product's server, e.g. BENCH_NODE_ARGS=--cpu-prof to profile it; BENCH_FLOOR_ARGS=1 passes them to the floor too. */
const PRODUCT_NODE_ARGS = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
/** BENCH_PG_STATS=1: after the PostgreSQL runs, the statements that took the cluster's time (pg_stat_statements). */
const STATEMENT_STATS = Boolean(process.env.BENCH_PG_STATS);
const only = process.argv[2];

type Scenario = 'getUserInfo' | 'getSwap' | 'getNonce' | 'investSave';
/** cpuUs: the server's CPU per request; dbUs: the PostgreSQL cluster's (undefined on PGlite, which runs inside the server). */
type Measured = LoadResult & { cpuUs: number; dbUs?: number };
type Figures = Partial<Record<Scenario, Measured>> & { write?: number };

const ust = () => String(Math.floor(Date.now() / 1000));
function form(fields: Record<string, string>): string {
  const all = { ...fields, ust: ust(), language: 'en' };
  return new URLSearchParams({ ...all, sign: signEnvelope(all, API_KEY) }).toString();
}

/** One round of every call against one server; the signed write's nonces are fresh each round. */
async function round(server: BenchServer, data: Seeded, dbCpuMs?: () => number): Promise<Figures> {
  const { members, levelId, periodId } = data;
  const at = (path: string) => `${server.url}/api/v1/${path}`;
  const base = { connections: CONNECTIONS, maxSeconds: MAX_SECONDS };
  const runLoad = async (spec: LoadSpec): Promise<Measured> => {
    const before = server.cpuMs();
    const dbBefore = dbCpuMs?.();
    const result = await runSpec(spec);
    const dbUs = dbBefore === undefined ? undefined : ((dbCpuMs!() - dbBefore) * 1000) / result.requests;
    return { ...result, cpuUs: ((server.cpuMs() - before) * 1000) / result.requests, dbUs };
  };
  let turn = 0;
  const signedIn = (m: (typeof members)[number]) => ({ address: m.account.address, guid: m.guid });
  const info = members.map((m) => form(signedIn(m)));
  const infoBody = () => info[turn++ % info.length]!;

  const figures: Figures = {};
  figures.getUserInfo = await runLoad({ ...base, url: at('userapi/getUserInfo'), body: infoBody, amount: READS });
  const swap = form({ address: members[0]!.account.address, position: '1' });
  figures.getSwap = await runLoad({ ...base, url: at('publicapi/getSwap'), body: () => swap, amount: READS });

  const stake = { order_id: levelId, day_id: periodId };
  const issued: { member: number; nonce: string; message: string }[] = [];
  figures.getNonce = await runLoad({
    ...base,
    url: at('publicapi/getNonce'),
    amount: WRITES,
    body: (context) => {
      const member = turn++ % members.length;
      context.member = member;
      return form({ ...signedIn(members[member]!), purpose: 'investSave', ...stake });
    },
    onData: (reply, context) => issued.push({ member: context.member as number, nonce: String(reply.nonce), message: String(reply.message) }),
  });
  // The wallet's part, outside both measured runs: the floor checks its signatures too.
  const signed = await Promise.all(
    issued.map(async (c) => ({ member: c.member, nonce: c.nonce, signature: await members[c.member]!.account.signMessage({ message: c.message }) })),
  );
  let spent = 0;
  figures.investSave = await runLoad({
    ...base,
    url: at('investapi/investSave'),
    amount: signed.length,
    body: () => {
      const s = signed[spent++]!;
      return form({ ...signedIn(members[s.member]!), ...stake, nonce: s.nonce, signature: s.signature });
    },
  });
  figures.write = signed.length / (figures.getNonce.seconds + figures.investSave.seconds);
  return figures;
}

/** The best of each call over the rounds: neighbours on a shared machine only ever make a run slower. */
function best(rounds: Figures[]): Figures {
  const out: Figures = {};
  for (const name of ['getUserInfo', 'getSwap', 'getNonce', 'investSave'] as const) {
    out[name] = rounds.map((r) => r[name]!).sort((a, b) => b.rps - a.rps)[0];
  }
  out.write = Math.max(...rounds.map((r) => r.write ?? 0));
  return out;
}

/** Product and floor take turns, round after round, so a busy moment on the machine hits both alike. */
async function measure(product: BenchServer, floor: BenchServer, data: Seeded, dbCpuMs?: () => number): Promise<[Figures, Figures]> {
  const warm = data.members.map((m) => form({ address: m.account.address, guid: m.guid }));
  for (const t of [product, floor]) {
    await runSpec({
      connections: CONNECTIONS,
      url: `${t.url}/api/v1/userapi/getUserInfo`,
      body: () => warm[Math.floor(Math.random() * warm.length)]!,
      amount: 5_000,
      maxSeconds: 5,
    });
  }
  const rounds: [Figures[], Figures[]] = [[], []];
  for (let r = 0; r < ROUNDS; r += 1) {
    rounds[0].push(await round(product, data, dbCpuMs));
    rounds[1].push(await round(floor, data, dbCpuMs));
  }
  return [best(rounds[0]), best(rounds[1])];
}
const ms = (n: number | undefined) => (n === undefined ? '-' : `${n.toFixed(n < 10 ? 1 : 0)}`);
function report(title: string, product: Figures, floor: Figures) {
  console.log(`\n${title}`);
  console.log(
    `${'call'.padEnd(14)}${'product req/s'.padStart(14)}${'p50'.padStart(7)}${'p99'.padStart(7)}${'floor req/s'.padStart(13)}${'p50'.padStart(7)}${'p99'.padStart(7)}${'ratio'.padStart(8)}${'CPU µs/req'.padStart(12)}${'floor'.padStart(7)}${'db µs/req'.padStart(11)}${'floor'.padStart(7)}  failed (product/floor)`,
  );
  for (const name of ['getUserInfo', 'getSwap', 'getNonce', 'investSave'] as const) {
    const p = product[name];
    const f = floor[name];
    if (!p || !f) continue;
    console.log(
      `${name.padEnd(14)}${p.rps.toFixed(0).padStart(14)}${ms(p.p50).padStart(7)}${ms(p.p99).padStart(7)}${f.rps.toFixed(0).padStart(13)}${ms(f.p50).padStart(7)}${ms(f.p99).padStart(7)}${(p.rps / f.rps).toFixed(2).padStart(8)}${p.cpuUs.toFixed(0).padStart(12)}${f.cpuUs.toFixed(0).padStart(7)}${ms(p.dbUs).padStart(11)}${ms(f.dbUs).padStart(7)}  ${p.failed}/${f.failed}${p.firstFailure ? ` (${p.firstFailure})` : ''}`,
    );
  }
  const ratio = product.write && floor.write ? ` (${(product.write / floor.write).toFixed(2)})` : '';
  console.log(
    `signed write: ${product.write?.toFixed(0)} complete writes/s against the floor's ${floor.write?.toFixed(0)}${ratio} (getNonce + investSave, over both runs' time; the signing between them not counted)`,
  );
}

async function bench(kind: 'postgres' | 'pglite') {
  const cluster = kind === 'postgres' ? await startCluster(STATEMENT_STATS) : undefined;
  if (kind === 'postgres' && !cluster) {
    console.log('\nPostgreSQL: SKIPPED (no PostgreSQL server installed here)');
    return;
  }
  const dataDir = kind === 'pglite' ? mkdtempSync('/tmp/pglite-bench.') : undefined;
  const cleanups = dataDir ? [dataDir, `${dataDir}-floor`] : [];
  const env: Record<string, string> = cluster ? { DATABASE_URL: cluster.url } : { DATA_DIR: dataDir! };
  try {
    const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir });
    const data = await seedBenchData(database.db, MEMBERS);
    await database.close();
    const serverEnv = {
      ...env,
      API_KEY,
      NODE_ENV: 'production',
      ADMIN_TOKEN: randomBytes(16).toString('hex'),
      PORT: String(await freePort()),
      ADMIN_PORT: String(await freePort()),
      DEPLOYMENT_FILE: '/nonexistent/deployment.json',
      APP_ORIGINS: 'https://app.example',
      // Every call is counted against its allowance as in production, but 50 connections from one IP and 50
      // addresses are one load generator, not a crowd: the allowances are scaled so that nothing is refused.
      RATE_LIMIT_FACTOR: '1000000',
    };
    if (dataDir) cpSync(dataDir, `${dataDir}-floor`, { recursive: true });
    const floorPorts = { PORT: String(await freePort()), ADMIN_PORT: String(await freePort()) };
    const floorEnv = dataDir ? { ...serverEnv, DATA_DIR: `${dataDir}-floor`, ...floorPorts } : { ...serverEnv, ...floorPorts };
    const product = await startServer('server/main.ts', serverEnv, 0, PRODUCT_NODE_ARGS);
    let figures: [Figures, Figures];
    try {
      const floor = await startServer('bench/lib/floor-server.ts', floorEnv, 0, process.env.BENCH_FLOOR_ARGS ? PRODUCT_NODE_ARGS : []);
      try {
        figures = await measure(product, floor, data, cluster?.cpuMs);
      } finally {
        await floor.stop();
      }
    } finally {
      await product.stop();
    }
    report(
      `${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}: ${CONNECTIONS} connections, ${MEMBERS} signed-in members, reads ≤ ${READS} requests, writes ≤ ${WRITES}, each ≤ ${MAX_SECONDS} s, best of ${ROUNDS} alternating rounds`,
      ...figures,
    );
  } finally {
    if (STATEMENT_STATS) cluster?.printStatementStats();
    cluster?.stop();
    for (const dir of cleanups) rmSync(dir, { recursive: true, force: true });
  }
}

pinSelf(1);
console.log(hasTaskset ? 'servers pinned to core 0, load (this process) to core 1' : 'taskset not found: servers and load share the cores');
for (const kind of ['postgres', 'pglite'] as const) {
  if (!only || only === kind) await bench(kind);
}
