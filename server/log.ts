import { type DestinationStream, type Level, type Logger, pino } from 'pino';

export type { Logger };
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const satisfies readonly (Level | 'silent')[];
export type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * Secrets never reach a log line: the API key, the admin token, the operator key, session guids, signatures
 * (wallet signatures and the envelope's md5 sign), challenge nonces, email codes, SMTP URLs (they can hold a
 * password) and authorization headers. Matched at the top level and one or two levels down
 * (`{ config: { apiKey } }`, `{ req: { headers: { authorization } } }`).
 */
const SECRET_KEYS = [
  'apiKey',
  'API_KEY',
  'adminToken',
  'ADMIN_TOKEN',
  'token',
  'authorization',
  'operatorKey',
  'OPERATOR_PRIVATE_KEY',
  'privateKey',
  'guid',
  'signature',
  'sign',
  'nonce',
  'code',
  'codeHash',
  'password',
  'smtpUrl',
  'SMTP_URL',
  'url',
];
export const REDACT_PATHS = SECRET_KEYS.flatMap((k) => [k, `*.${k}`, `*.*.${k}`]);
export const CENSOR = '[redacted]';

type ErrorLike = {
  name?: unknown;
  message?: unknown;
  code?: unknown;
  severity?: unknown;
  table?: unknown;
  constraint?: unknown;
  column?: unknown;
  shortMessage?: unknown;
  cause?: unknown;
  stack?: unknown;
};
const isObject = (v: unknown): v is ErrorLike => typeof v === 'object' && v !== null;
const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
const short = (v: string) => (v.length > 200 ? `${v.slice(0, 200)}…` : v);

/** A database server's error (PostgreSQL or PGlite): a five-character SQLSTATE and a severity. */
const databaseError = (e: unknown): ErrorLike | undefined => {
  for (let cur: unknown = e, depth = 0; isObject(cur) && depth < 5; cur = cur.cause, depth++) {
    if (typeof cur.code === 'string' && /^[0-9A-Z]{5}$/.test(cur.code) && typeof cur.severity === 'string') return cur;
  }
  return undefined;
};

/** The call frames of a stack, without its first line (that line repeats the message, which may hold SQL). */
const frames = (stack: unknown) =>
  text(stack)
    ?.split('\n')
    .filter((l) => /^\s+at /.test(l))
    .slice(0, 6)
    .map((l) => l.trim());

/**
 * An error as a log field: its kind and a short message, never a query's SQL text or parameters. A failed query
 * (drizzle wraps it with the SQL and the parameters in its message) is logged by its SQLSTATE, table,
 * column and constraint only; a viem error by its short message (its full message names the RPC URL, which can
 * hold a provider key, and the request).
 */
export function errorFields(error: unknown): Record<string, unknown> {
  const db = databaseError(error);
  if (db) return { kind: 'database', sqlstate: db.code, table: text(db.table), column: text(db.column), constraint: text(db.constraint) };
  if (!isObject(error)) return { kind: typeof error, message: short(String(error)) };
  const kind = text(error.name) ?? 'Error';
  const message = text(error.shortMessage) ?? text(error.message) ?? '';
  // A drizzle query error whose cause is not a server error (a closed connection): the SQL stays out.
  if (/^Failed query:/.test(message)) return { kind, message: 'query failed', cause: errorFields(error.cause).message };
  return { kind, message: short(message.split('\n')[0] ?? ''), stack: frames(error.stack) };
}

/** A logger: JSON lines (pino), secrets censored, errors under `err` through errorFields. */
export function createLogger(level: LogLevel = 'info', destination?: DestinationStream): Logger {
  const options = {
    level,
    base: { service: 'api' },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: REDACT_PATHS, censor: CENSOR },
    serializers: { err: errorFields },
  };
  return destination ? pino(options, destination) : pino(options);
}

/** The process's logger; main.ts sets its level from LOG_LEVEL (server/config.ts). */
export const logger = createLogger();
