// `npm run server`: the API server on 127.0.0.1 with its jobs and, when a chain is configured, the deposit indexer.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { serve } from '@hono/node-server';
import { createPublicClient, http } from 'viem';
import { assertChainId, chainSettings, paymentChain, payoutChain } from './chain/settings';
import { offsetClock, systemClock } from './clock';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { createApp } from './http/app';
import { logger } from './log';
import { createMetrics } from './metrics/metrics';
import { lastCoverageRatio } from './views/reserves';
import { type LocalClock, createAdminApp } from './http/routes-admin';
import { indexerHold } from './jobs/indexer-hold';
import { startJobs } from './jobs/schedule';
import { smtpMailer } from './email/mailer';

const config = loadConfig();
logger.level = config.logLevel;
const adjustable = config.localMode ? offsetClock(systemClock) : undefined;
const clock = adjustable ?? systemClock;
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  migrationUrl: config.migrationDatabaseUrl,
  dataDir: config.databaseUrl ? undefined : config.dataDir,
  onConnectionLost: (err) => logger.warn({ err, task: 'database' }, 'a database connection was closed; the next query opens a new one'),
});
if (database.roles === 'one') {
  logger.warn(
    'Database: MIGRATION_DATABASE_URL is not set, so the server runs as the owner of its tables and could rewrite the audit log; give it a role of its own (docs/deploy.md, "Two database roles")',
  );
}

const settings = chainSettings(config.chain);
const chain = settings && { ...settings, client: createPublicClient({ transport: http(settings.rpcUrl) }) };
if (chain) await assertChainId(chain.client, config.chainId);

const payouts = chain && config.operatorKey ? payoutChain(chain.client, chain.rpcUrl, config.operatorKey, chain.indexer) : undefined;

const adminToken = config.adminToken ?? localAdminToken(config.adminTokenFile);
const payments = chain && paymentChain(chain.client, chain.indexer);
const mailer = config.smtp ? smtpMailer(config.smtp.url, config.smtp.from) : undefined;
// wld_coverage_ratio: the reserves read model's last figure (the alert check and the Health page refresh it), no query per scrape.
const metrics = createMetrics({
  db: database.db,
  clock,
  chainHead: chain && (() => chain.client.getBlockNumber({ cacheTime: 0 })),
  coverage: async () => lastCoverageRatio(),
  process: true,
});
const deps = { db: database.db, clock, config, requestClock: systemClock, payments, logger, mailer, metrics };
const app = createApp(deps);
const localClock: LocalClock | undefined =
  adjustable && chain
    ? {
        advance: adjustable.advance,
        offsetMs: adjustable.offsetMs,
        advanceChain: async (seconds) => {
          await chain.client.request({ method: 'evm_increaseTime' as never, params: [seconds] as never });
          await chain.client.request({ method: 'evm_mine' as never, params: [] as never });
        },
      }
    : undefined;
const hold = config.localMode && chain ? indexerHold() : undefined;
const adminApp = createAdminApp(deps, adminToken, { localClock, indexerHold: hold, dataDirImage: database.image });

const server = serve({ fetch: app.fetch, hostname: config.host, port: config.port }, (info) => {
  logger.info(
    { host: config.host, port: info.port, database: database.kind, vault: chain?.indexer.vault, chainId: config.chainId },
    `API: http://${config.host}:${info.port}`,
  );
  if (config.smtp) logger.info({ smtpHost: new URL(config.smtp.url).host, from: config.smtp.from }, 'Email: verification codes go out over SMTP');
  else logger.warn('Email: SMTP_URL is not set, so no verification code can be sent (emailapi/sendCode answers that email is off)');
});

// The operator endpoints: their own app on their own port, never beyond this machine.
const adminServer = serve({ fetch: adminApp.fetch, hostname: '127.0.0.1', port: config.adminPort }, (info) => {
  logger.info({ port: info.port }, `Admin: http://127.0.0.1:${info.port}/admin (loopback only; npm run admin)`);
});

const alerts = {
  intervalMs: config.alerts.intervalMs,
  limits: config.alerts,
  consoleUrl: config.links.console,
  smtp: Boolean(mailer),
  chain: chain && { client: chain.client, vault: chain.indexer.vault, confirmations: chain.indexer.confirmations, finality: chain.indexer.finality },
};
const stopJobs = startJobs({
  db: database.db,
  clock,
  jobIntervalMs: config.jobIntervalMs,
  indexIntervalMs: config.indexIntervalMs,
  chain,
  payouts,
  reminders: { mailer, links: config.links },
  observe: metrics.jobRun,
  alerts,
  hold,
});

const stop = async () => {
  stopJobs();
  server.close();
  adminServer.close();
  await database.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

/** Without ADMIN_TOKEN, a random token in the data folder lets the local CLI reach this server. */
function localAdminToken(file: string): string {
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const token = randomBytes(24).toString('hex');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, token, { mode: 0o600 });
  return token;
}
