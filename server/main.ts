// `npm run server`: the API server on 127.0.0.1 with its jobs and, when a chain is configured, the deposit indexer.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { serve } from '@hono/node-server';
import { type Address, createPublicClient, http } from 'viem';
import { indexUntilCaughtUp } from './chain/indexer';
import { offsetClock, systemClock } from './clock';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { createApp } from './http/app';
import { type LocalClock, adminRoutes } from './http/routes-admin';
import { runStakingJobs } from './jobs/daily';

const config = loadConfig();
const local = process.env.LOCAL_MODE === '1';
const adjustable = local ? offsetClock(systemClock) : undefined;
const clock = adjustable ?? systemClock;
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? undefined : config.dataDir });

const chainFile = process.env.DEPLOYMENT_FILE ?? '.run/deployment.local.json';
const chain = process.env.CHAIN_RPC_URL || existsSync(chainFile)
  ? (() => {
      const deployment = existsSync(chainFile) ? (JSON.parse(readFileSync(chainFile, 'utf8')) as { rpcUrl: string; vault: Address; blockNumber: string }) : undefined;
      const rpcUrl = process.env.CHAIN_RPC_URL ?? deployment?.rpcUrl ?? '';
      return {
        rpcUrl,
        client: createPublicClient({ transport: http(rpcUrl) }),
        config: {
          vault: (process.env.VAULT_ADDRESS ?? deployment?.vault) as Address,
          confirmations: Number(process.env.CONFIRMATIONS ?? (local ? 0 : 12)),
          startBlock: Number(process.env.START_BLOCK ?? 0),
          batchSize: 2000,
        },
      };
    })()
  : undefined;

const adminToken = config.adminToken ?? localAdminToken();
const deps = { db: database.db, clock, config, requestClock: systemClock };
const app = createApp(deps);
const localClock: LocalClock | undefined = adjustable && chain
  ? {
      advance: adjustable.advance,
      offsetMs: adjustable.offsetMs,
      advanceChain: async (seconds) => {
        await chain.client.request({ method: 'evm_increaseTime' as never, params: [seconds] as never });
        await chain.client.request({ method: 'evm_mine' as never, params: [] as never });
      },
    }
  : undefined;
adminRoutes(app, deps, adminToken, localClock);

const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: config.port }, (info) => {
  console.log(`API: http://127.0.0.1:${info.port} (${database.kind}${chain ? `, indexing ${chain.config.vault}` : ''})`);
});

// One job loop; the advisory lock makes extra server processes skip rather than double-run.
const jobs = setInterval(() => void runStakingJobs(database.db, clock).catch((e) => console.error('jobs:', e)), Number(process.env.JOB_INTERVAL_MS ?? 60_000));
let indexing = false;
const indexer = chain
  ? setInterval(() => {
      if (indexing) return;
      indexing = true;
      void indexUntilCaughtUp(database.db, chain.client, chain.config, clock)
        .catch((e) => console.error('indexer:', (e as Error).message))
        .finally(() => (indexing = false));
    }, Number(process.env.INDEX_INTERVAL_MS ?? 1000))
  : undefined;

const stop = async () => {
  clearInterval(jobs);
  if (indexer) clearInterval(indexer);
  server.close();
  await database.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

/** Without ADMIN_TOKEN, a random token in the data folder lets the local CLI reach this server. */
function localAdminToken(): string {
  const file = process.env.ADMIN_TOKEN_FILE ?? '.data/admin-token';
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const token = randomBytes(24).toString('hex');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, token, { mode: 0o600 });
  return token;
}
