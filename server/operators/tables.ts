import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { Role } from '../../lib/console-api/inputs';
import { withdrawals } from '../ledger/tables';

/** Who may sign in to the console, with which roles (server/db/migrations/0018_operators.sql). */
export const operators = pgTable('operators', {
  address: text('address').primaryKey(),
  roles: text('roles').array().$type<Role[]>().notNull(),
  note: text('note').notNull().default(''),
  active: boolean('active').notNull().default(true),
  addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  addedBy: text('added_by'),
  /** When an approving role (auditor or admin) was last given, and by whom; null while the operator holds none. */
  approverSince: timestamp('approver_since', { withTimezone: true }),
  approverGrantedBy: text('approver_granted_by'),
  /** Where the operators' alerts go (server/alerts/; migration 0028); null: this operator gets none. */
  email: text('email'),
});

/** An admin's proposal to make an operator an admin (add, re-add or give the role); a different admin confirms it (0026_admin_grants.sql). */
export const adminGrants = pgTable('admin_grants', {
  id: serial('id').primaryKey(),
  kind: text('kind').$type<'add' | 'roles'>().notNull(),
  address: text('address').notNull(),
  roles: text('roles').array().$type<Role[]>().notNull(),
  note: text('note').notNull().default(''),
  proposedBy: text('proposed_by').notNull(),
  proposedAt: timestamp('proposed_at', { withTimezone: true }).notNull(),
  status: text('status').$type<'pending' | 'confirmed' | 'cancelled'>().notNull().default('pending'),
  decidedBy: text('decided_by'),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
});

/** A sign-in message's nonce: issued for one address, spent once. */
export const consoleNonces = pgTable('console_nonces', {
  nonce: text('nonce').primaryKey(),
  address: text('address').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** A console session: the cookie's sha256 (never the cookie) and its csrf token. */
export const consoleSessions = pgTable('console_sessions', {
  tokenHash: text('token_hash').primaryKey(),
  address: text('address').notNull().references(() => operators.address),
  csrfToken: text('csrf_token').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
}, (t) => [index('console_sessions_address').on(t.address)]);

/**
 * Every operator action: who, what, when, before → after. A trigger refuses UPDATE, DELETE and TRUNCATE; another
 * (0027_audit_chain.sql) sets id, recorded_at, prev_hash and hash on insert, whatever the insert names.
 */
export const auditLog = pgTable('audit_log', {
  id: serial('id').primaryKey(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  /** The operator's address; null for the CLI (admin token). */
  operator: text('operator'),
  action: text('action').notNull(),
  target: text('target'),
  before: jsonb('before'),
  after: jsonb('after'),
  /** The database's clock at insert (null for the rows written before the chain). */
  recordedAt: timestamp('recorded_at', { withTimezone: true }),
  prevHash: text('prev_hash').notNull().$defaultFn(() => ''),
  hash: text('hash').notNull().$defaultFn(() => ''),
}, (t) => [index('audit_log_operator').on(t.operator, t.id), index('audit_log_action').on(t.action, t.id)]);

/** One operator's signed approval of a withdrawal (two are needed above the threshold); append-only like the audit log. */
export const withdrawalApprovals = pgTable('withdrawal_approvals', {
  withdrawalId: integer('withdrawal_id').notNull().references(() => withdrawals.id),
  operator: text('operator').notNull(),
  message: text('message').notNull(),
  signature: text('signature').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ name: 'withdrawal_approvals_pk', columns: [t.withdrawalId, t.operator] })]);
