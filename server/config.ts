import { type Address, type Hex, getAddress, isAddress } from 'viem';
import { z } from 'zod';
import { LOG_LEVELS, type LogLevel } from './log';
import {
  LOCAL_ADMIN_PORT,
  LOCAL_ADMIN_TOKEN_FILE,
  LOCAL_API_KEY,
  LOCAL_API_PORT,
  LOCAL_APP_ORIGINS,
  LOCAL_CHAIN_ID,
  LOCAL_DEPLOYMENT_FILE,
} from '../lib/local-stack';

const int = (min: number, rule: string) => z.coerce.number(rule).int(rule).min(min, rule);
// An empty value (VAR= in a shell or an .env file) means "not set" for the optional chain settings.
const unsetIfEmpty = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

const schema = z
  .object({
    PORT: int(1, 'not a port (1–65535)').max(65535, 'not a port (1–65535)').default(LOCAL_API_PORT),
    HOST: z.string().min(1, 'empty').default('127.0.0.1'),
    ADMIN_PORT: int(1, 'not a port (1–65535)').max(65535, 'not a port (1–65535)').default(LOCAL_ADMIN_PORT),
    API_KEY: z.string().min(1, 'empty').default(LOCAL_API_KEY),
    DATABASE_URL: z.string().url('not a URL').optional(),
    MIGRATION_DATABASE_URL: unsetIfEmpty(z.string().url('not a URL')),
    DATA_DIR: z.string().default('.data/pglite'),
    CORS_ORIGINS: unsetIfEmpty(z.string()),
    TRUST_PROXY: int(0, 'not an integer ≥ 0 (the number of proxies in front of the server)').default(0),
    RATE_LIMIT_FACTOR: z.coerce.number('not a positive number').positive('not a positive number').default(1),
    ADMIN_TOKEN: z.string().min(16, 'shorter than 16 characters').optional(),
    ADMIN_TOKEN_FILE: z.string().min(1, 'empty').default(LOCAL_ADMIN_TOKEN_FILE),
    /** A read-only token for Prometheus's scrape of /metrics on the admin port (the admin token is accepted too). */
    METRICS_TOKEN: unsetIfEmpty(z.string().min(16, 'shorter than 16 characters')),
    UST_WINDOW_SECONDS: int(1, 'not a positive integer').default(300),
    NONCE_TTL_SECONDS: int(1, 'not a positive integer').default(300),
    SESSION_TTL_SECONDS: int(1, 'not a positive integer').default(7 * 24 * 3600),
    LOCAL_MODE: z.enum(['0', '1'], "not '1' or '0'").default('0'),
    JOB_INTERVAL_MS: int(1, 'not a positive integer').default(60_000),
    INDEX_INTERVAL_MS: int(1, 'not a positive integer').default(1000),
    DEPLOYMENT_FILE: z.string().min(1, 'empty').default(LOCAL_DEPLOYMENT_FILE),
    CHAIN_RPC_URL: unsetIfEmpty(z.string().url('not a URL')),
    VAULT_ADDRESS: unsetIfEmpty(
      z
        .string()
        .refine((a) => isAddress(a), 'not an address')
        .transform((a) => getAddress(a)),
    ),
    CONFIRMATIONS: unsetIfEmpty(int(0, 'not an integer ≥ 0')),
    START_BLOCK: int(0, 'not an integer ≥ 0').default(0),
    CHAIN_ID: unsetIfEmpty(int(1, 'not a positive integer')),
    FINALITY: unsetIfEmpty(z.enum(['finalized', 'depth'], "not 'finalized' or 'depth'")),
    APP_ORIGINS: unsetIfEmpty(
      z.string().transform((list, ctx) => {
        const origins = list
          .split(',')
          .map((o) => o.trim())
          .filter(Boolean)
          .map(siteOrigin);
        if (!origins.length || origins.includes(undefined))
          ctx.addIssue({ code: 'custom', message: 'not a comma-separated list of http(s) origins such as https://app.example' });
        return origins.filter((o) => o !== undefined);
      }),
    ),
    OPERATOR_PRIVATE_KEY: unsetIfEmpty(z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'not a 32-byte hex private key')),
    /** The operator console's own origin (its sign-in message names it); default http://127.0.0.1:ADMIN_PORT. */
    CONSOLE_ORIGIN: unsetIfEmpty(z.string().url('not a URL')),
    /** How long a new approver waits before approving a withdrawal requested before they became one. */
    APPROVER_COOLING_HOURS: int(1, 'not a positive integer').default(72),
    SMTP_URL: unsetIfEmpty(z.string().regex(/^smtps?:\/\/[^\s]+$/, 'not an smtp:// or smtps:// URL')),
    /** Where members reach this API (the reminder emails' unsubscribe links); default http://127.0.0.1:PORT. */
    PUBLIC_API_URL: unsetIfEmpty(z.string().url('not a URL')),
    /** The app's address in the reminder emails' links; default the first of APP_ORIGINS. */
    APP_URL: unsetIfEmpty(z.string().url('not a URL')),
    /** How often the job loop checks the operators' alert conditions (server/alerts/). */
    ALERT_INTERVAL_MS: int(1, 'not a positive integer').default(60_000),
    /** The indexer counts as stalled when its block has not moved this long while confirmed blocks wait. */
    ALERT_INDEXER_STALL_MS: int(1, 'not a positive integer').default(10 * 60_000),
    /** The daily job counts as late when it has recorded no run for this long (the first run of each UTC day records one). */
    ALERT_DAILY_JOB_LATE_MS: int(1, 'not a positive integer').default(26 * 3600_000),
    /** An approved withdrawal still unpaid this long after its approval counts as a failing payout. */
    ALERT_PAYOUT_STUCK_MS: int(1, 'not a positive integer').default(3600_000),
    MAIL_FROM: z
      .string()
      .regex(/^[^\r\n]*<?[^\s@<>]+@[^\s@<>]+>?$/, 'not a sender address such as "WLD Staking <no-reply@example.com>"')
      .default('WLD Staking <no-reply@wld.example>'),
    NODE_ENV: z.string().optional(),
    LOG_LEVEL: z.enum(LOG_LEVELS, `one of ${LOG_LEVELS.join(', ')}`).default('info'),
  })
  .superRefine((e, ctx) => {
    // The local stack's conveniences (an adjustable clock, no confirmations, a known key) must never reach
    // Ethereum mainnet, and a server outside the local stack needs secrets of its own.
    if (e.ADMIN_PORT === e.PORT)
      ctx.addIssue({ code: 'custom', path: ['ADMIN_PORT'], message: 'must differ from PORT (the admin endpoints are never on the public port)' });
    if (e.MIGRATION_DATABASE_URL && !e.DATABASE_URL)
      ctx.addIssue({ code: 'custom', path: ['MIGRATION_DATABASE_URL'], message: "needs DATABASE_URL (the server's own role) beside it" });
    if (e.LOCAL_MODE === '1' && e.CHAIN_ID === 1) ctx.addIssue({ code: 'custom', path: ['LOCAL_MODE'], message: 'must not be 1 with CHAIN_ID 1 (mainnet)' });
  });

/** The origin (scheme, host, port) of an http(s) URL, or nothing for anything else. */
export function siteOrigin(text: string): string | undefined {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/** What a serving server outside the local stack must have of its own (the operator CLI only reads settings). */
function serverSecretProblems(e: z.infer<typeof schema>): string[] {
  if (e.LOCAL_MODE === '1' || e.NODE_ENV === 'test') return [];
  const problems: string[] = [];
  if (e.API_KEY === LOCAL_API_KEY) problems.push('  API_KEY: must be set (the local default is refused outside LOCAL_MODE=1)');
  if (!e.ADMIN_TOKEN) problems.push('  ADMIN_TOKEN: must be set outside LOCAL_MODE=1');
  if (!e.APP_ORIGINS) problems.push("  APP_ORIGINS: must be set outside LOCAL_MODE=1 (the app's origin(s), named in sign-in messages)");
  return problems;
}

export type ServerConfig = {
  port: number;
  /** The interface the public API listens on: 127.0.0.1 by default, 0.0.0.0 (or a private address) behind a load balancer. */
  host: string;
  /** The operator endpoints' port, always on 127.0.0.1 (scripts/admin.ts reaches it there). */
  adminPort: number;
  apiKey: string;
  databaseUrl?: string;
  /**
   * The tables' owner (MIGRATION_DATABASE_URL), used only to migrate and to grant the server's role (DATABASE_URL's)
   * its rights. Unset: one-role mode, the server migrates and runs as DATABASE_URL's role (a warning at start).
   */
  migrationDatabaseUrl?: string;
  dataDir: string;
  /** Origins allowed to read the API's replies: CORS_ORIGINS, else the app's origins (`*` on the local stack). */
  corsOrigins: string[];
  /**
   * How many proxies (load balancers) in front of the server append to X-Forwarded-For: the client IP is the
   * entry that many from the end. 0: the socket's peer address, the header ignored (it is the client's to forge).
   */
  trustProxy: number;
  /** Multiplies every rate limit's allowance (server/http/rate-limits.ts); 1 by default. */
  rateLimitFactor: number;
  adminToken?: string;
  adminTokenFile: string;
  /** Bearer token for GET /metrics on the admin port, besides the admin token (METRICS_TOKEN). */
  metricsToken?: string;
  ustWindowSeconds: number;
  nonceTtlSeconds: number;
  sessionTtlSeconds: number;
  /** The local stack: an adjustable clock and no confirmations to wait for. */
  localMode: boolean;
  jobIntervalMs: number;
  /** The app's chain: sign-in messages name it (EIP-4361). Default 1 (Ethereum), 31337 in local mode. */
  chainId: number;
  /**
   * The app's own origin(s) (APP_ORIGINS): the only sites a sign-in message names. A sign-in asked from any
   * other Origin is refused; a client that sends none gets the first.
   */
  appOrigins: string[];
  indexIntervalMs: number;
  /** The indexer's settings; the deployment file (when present) fills in rpcUrl and vault. */
  chain: { deploymentFile: string; rpcUrl?: string; vault?: Address; confirmations: number; startBlock: number; finality: 'finalized' | 'depth' };
  /** The Vault operator's key that pays approved withdrawals; never logged. Without it no payout is sent. */
  operatorKey?: Hex;
  /** Verification emails go out over this SMTP server; without it the send-code call answers that mail is off. */
  smtp?: { url: string; from: string };
  /** The reminder emails' links: the app (records, settings) and this API's public address (unsubscribe). */
  links: { app: string; api: string; console: string };
  /** The operators' alerts (server/alerts/): how often they are checked, and when the indexer, the daily job and a payout count as in trouble. */
  alerts: { intervalMs: number; indexerStallMs: number; dailyJobLateMs: number; payoutStuckMs: number };
  /** The operator console's origin (CONSOLE_ORIGIN): the only site its sign-in message names; http://127.0.0.1:<adminPort> when unset. */
  consoleOrigin?: string;
  /**
   * A second approval of a withdrawal above the threshold from an operator who became an approver after it was
   * requested counts only this long after they did (APPROVER_COOLING_HOURS, default 72 h; never set from the console).
   */
  approverCoolingMs: number;
  /** The least severe log lines written (pino levels; JSON lines on standard output). */
  logLevel: LogLevel;
};

/** Server settings from the environment, validated once at start: a bad value names the variable and the rule. */
export function loadConfig(source: Record<string, string | undefined> = process.env, purpose: 'serve' | 'operate' = 'serve'): ServerConfig {
  const parsed = schema.safeParse(source);
  const problems = parsed.success ? [] : parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
  if (parsed.success && purpose === 'serve') problems.push(...serverSecretProblems(parsed.data));
  if (!parsed.success || problems.length) throw new Error(`Invalid server configuration:\n${problems.join('\n')}`);
  const e = parsed.data;
  const localMode = e.LOCAL_MODE === '1';
  const appOrigins = e.APP_ORIGINS ?? LOCAL_APP_ORIGINS;
  return {
    port: e.PORT,
    host: e.HOST,
    adminPort: e.ADMIN_PORT,
    apiKey: e.API_KEY,
    databaseUrl: e.DATABASE_URL,
    migrationDatabaseUrl: e.MIGRATION_DATABASE_URL,
    dataDir: e.DATA_DIR,
    corsOrigins:
      e.CORS_ORIGINS?.split(',')
        .map((o) => o.trim())
        .filter(Boolean) ?? (localMode ? ['*'] : appOrigins),
    trustProxy: e.TRUST_PROXY,
    rateLimitFactor: e.RATE_LIMIT_FACTOR,
    adminToken: e.ADMIN_TOKEN,
    adminTokenFile: e.ADMIN_TOKEN_FILE,
    metricsToken: e.METRICS_TOKEN,
    ustWindowSeconds: e.UST_WINDOW_SECONDS,
    nonceTtlSeconds: e.NONCE_TTL_SECONDS,
    sessionTtlSeconds: e.SESSION_TTL_SECONDS,
    localMode,
    jobIntervalMs: e.JOB_INTERVAL_MS,
    chainId: e.CHAIN_ID ?? (localMode ? LOCAL_CHAIN_ID : 1),
    appOrigins,
    indexIntervalMs: e.INDEX_INTERVAL_MS,
    chain: {
      deploymentFile: e.DEPLOYMENT_FILE,
      rpcUrl: e.CHAIN_RPC_URL,
      vault: e.VAULT_ADDRESS,
      confirmations: e.CONFIRMATIONS ?? (localMode ? 0 : 12),
      startBlock: e.START_BLOCK,
      // Mainnet has finality; anvil and most test chains report none worth waiting for.
      finality: e.FINALITY ?? ((e.CHAIN_ID ?? (localMode ? LOCAL_CHAIN_ID : 1)) === 1 ? 'finalized' : 'depth'),
    },
    operatorKey: e.OPERATOR_PRIVATE_KEY as Hex | undefined,
    smtp: e.SMTP_URL ? { url: e.SMTP_URL, from: e.MAIL_FROM } : undefined,
    links: {
      app: (e.APP_URL ?? appOrigins[0] ?? 'http://127.0.0.1').replace(/\/+$/, ''),
      api: (e.PUBLIC_API_URL ?? `http://127.0.0.1:${e.PORT}`).replace(/\/+$/, ''),
      console: `${(e.CONSOLE_ORIGIN ?? `http://127.0.0.1:${e.ADMIN_PORT}`).replace(/\/+$/, '')}/console/`,
    },
    alerts: {
      intervalMs: e.ALERT_INTERVAL_MS,
      indexerStallMs: e.ALERT_INDEXER_STALL_MS,
      dailyJobLateMs: e.ALERT_DAILY_JOB_LATE_MS,
      payoutStuckMs: e.ALERT_PAYOUT_STUCK_MS,
    },
    consoleOrigin: e.CONSOLE_ORIGIN,
    approverCoolingMs: e.APPROVER_COOLING_HOURS * 3600_000,
    logLevel: e.LOG_LEVEL,
  };
}
