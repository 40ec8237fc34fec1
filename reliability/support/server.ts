import { type ChildProcess, spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { LOCAL_VAULT } from '../../abi';
import { LOCAL_ROLES, anvilPrivateKey } from '../../stack/accounts';
import { freePort } from '../../stack/ports';
import { parseExposition } from '../../server/test/exposition';
import { testDatabaseUrls } from '../../server/test/harness';

export const API_KEY = 'reliability-api-key';
export const ADMIN_TOKEN = 'reliability-admin-token-0123456789';

/** The PostgreSQL cluster scripts/test-reliability.sh started; the suite has no meaning without it. */
export function postgresUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set: run the suite with `npm run test:reliability`');
  return url;
}

export type ServerProcess = {
  pid: number;
  apiUrl: string;
  /** Where the operator routes answer: the one place the suite reads it from (docs/deploy.md). */
  adminUrl: string;
  process: ChildProcess;
  /** Everything the process wrote, for a failure's message. */
  output: () => string;
  kill: (signal: NodeJS.Signals) => Promise<void>;
};

/** On PostgreSQL (`databaseUrl`, migrated as TEST_DATABASE_URL's role) or on an embedded PGlite data directory (`dataDir`). */
export type ServerOptions = {
  databaseUrl?: string;
  dataDir?: string;
  chainUrl?: string;
  jobIntervalMs?: number;
  indexIntervalMs?: number;
  env?: Record<string, string>;
};

/**
 * `tsx server/main.ts` as production runs it (not LOCAL_MODE: its own API key and admin token, the system
 * clock) on a free loopback port; resolves once /health answers.
 */
export async function startServer(opts: ServerOptions): Promise<ServerProcess> {
  const port = await freePort();
  const adminPort = await freePort();
  if (!opts.databaseUrl === !opts.dataDir) throw new Error('startServer: name a databaseUrl or a dataDir, one of them');
  const database = opts.databaseUrl
    ? { DATABASE_URL: opts.databaseUrl, MIGRATION_DATABASE_URL: testDatabaseUrls(opts.databaseUrl).migrationUrl }
    : { DATA_DIR: opts.dataDir! };
  const chain = opts.chainUrl
    ? {
        CHAIN_RPC_URL: opts.chainUrl,
        VAULT_ADDRESS: LOCAL_VAULT,
        CHAIN_ID: '31337',
        CONFIRMATIONS: '0',
        FINALITY: 'depth',
        OPERATOR_PRIVATE_KEY: anvilPrivateKey(LOCAL_ROLES.operator),
      }
    : {};
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    // Not the test runner's environment (vitest sets NODE_ENV=test, which waives the production checks).
    env: {
      NODE_ENV: 'production',
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      PORT: String(port),
      ADMIN_PORT: String(adminPort),
      // The fuzzer and the replays send hundreds of calls a minute from one address; the rate limits have
      // their own tests (server/test/rate-limits.test.ts), here they would only turn refusals into 429s.
      RATE_LIMIT_FACTOR: '1000',
      API_KEY,
      ADMIN_TOKEN,
      APP_ORIGINS: 'https://app.example',
      ...database,
      DEPLOYMENT_FILE: '/nonexistent/deployment.json',
      JOB_INTERVAL_MS: String(opts.jobIntervalMs ?? 60_000),
      INDEX_INTERVAL_MS: String(opts.indexIntervalMs ?? 200),
      ...chain,
      ...opts.env,
    } as NodeJS.ProcessEnv,
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const apiUrl = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const server: ServerProcess = {
    pid: child.pid!,
    apiUrl,
    adminUrl: `http://127.0.0.1:${adminPort}`,
    process: child,
    output: () => output,
    kill: async (signal) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) {
      await server.kill('SIGKILL');
      throw new Error(`server did not answer /health within 60 s:\n${output}`);
    }
    const ok = await fetch(`${apiUrl}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return server;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** An operator command through the server's admin route (the CLI's path); throws on a refusal. */
export async function adminOp(server: ServerProcess, op: string, args: string[]): Promise<unknown> {
  const res = await fetch(`${server.adminUrl}/admin/op`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ op, args }),
  });
  const body = (await res.json()) as { result?: unknown; error?: string };
  if (!res.ok) throw new Error(`admin ${op}: ${res.status} ${body.error}`);
  return body.result;
}

/** How many runs of `job` (daily, payouts, indexer) the server has finished, whatever their outcome: its /metrics. */
export async function jobRuns(server: ServerProcess, job: 'daily' | 'payouts' | 'indexer'): Promise<number> {
  const res = await fetch(`${server.adminUrl}/metrics`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
  if (!res.ok) throw new Error(`metrics: ${res.status}`);
  return parseExposition(await res.text())
    .samples.filter((s) => s.name === 'wld_job_duration_seconds_count' && s.labels.job === job)
    .reduce((sum, s) => sum + s.value, 0);
}

/** Waits until each server has finished `runs` more runs of `job` than now: evidence its loop ran, not a sleep. */
export async function afterJobRuns(servers: ServerProcess[], job: 'daily' | 'payouts' | 'indexer', runs: number): Promise<void> {
  const from = await Promise.all(servers.map((s) => jobRuns(s, job)));
  await until(`${runs} more ${job} runs on each server`, 30_000, async () =>
    (await Promise.all(servers.map((s) => jobRuns(s, job)))).every((n, i) => n >= from[i]! + runs),
  );
}

/** Waits until `check` returns a value other than undefined/false, within `ms`. */
export async function until<T>(what: string, ms: number, check: () => Promise<T | undefined | false>): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** One figure for the summary scripts/test-reliability.sh prints (reliability/summary.ts). */
export function recordFigure(
  name:
    | 'kills survived'
    | 'requests fuzzed'
    | '5xx count'
    | 'replays refused'
    | 'server busy'
    | 'cross-member refused'
    | 'cross-member accepted'
    | 'backups restored'
    | 'writes during backups'
    | 'acknowledged writes lost'
    | 'acknowledged writes duplicated',
  value: number,
) {
  const file = process.env.RELIABILITY_FIGURES;
  if (file) appendFileSync(file, `${JSON.stringify({ name, value })}\n`);
  console.log(`reliability: ${name} ${value}`);
}
