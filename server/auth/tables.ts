import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns';

/** A challenge the server issued: what it is for (login, reg or a signed action), with which parameters, and the exact text the wallet signs. */
export const nonces = pgTable('nonces', {
  nonce: text('nonce').primaryKey(),
  address: text('address').notNull(),
  purpose: text('purpose').notNull().default('login'),
  params: text('params').notNull().default('{}'),
  message: text('message').notNull().default(''),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** A challenge as stored; read on its own by spendChallenge (nonces.ts), or with the session by signedSessionUser (sessions.ts). */
export type Challenge = typeof nonces.$inferSelect;

export const sessions = pgTable('sessions', {
  guid: text('guid').primaryKey(),
  address: text('address').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});
/**
 * Request counters of rate-limiter-flexible's Drizzle store (server/http/rate-limits.ts), shared by every
 * server process on the database: a key is a limit's prefix and an IP or address. Expired rows are purged by
 * the job loop (server/jobs/purge.ts).
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    points: integer('points').notNull(),
    expire: timestamp('expire', { withTimezone: true }),
  },
  (t) => [index('rate_limits_expire').on(t.expire)],
);
