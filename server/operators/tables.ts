import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, index, integer, jsonb, pgSequence, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Role } from '../../lib/console-api/inputs';
import { withdrawals } from '../ledger/tables';

/** Who may sign in to the console, with which roles (server/db/migrations/0018_operators.sql). */
export const operators = pgTable(
  'operators',
  {
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
  },
  (t) => [check('operators_roles_known', sql`cardinality(${t.roles}) > 0 and ${t.roles} <@ array['auditor', 'support', 'editor', 'admin']::text[]`)],
);

/** An admin's proposal to make an operator an admin (add, re-add or give the role); a different admin confirms it (0026_admin_grants.sql). */
export const adminGrants = pgTable(
  'admin_grants',
  {
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
  },
  (t) => [
    check('admin_grants_kind', sql`${t.kind} in ('add', 'roles')`),
    check('admin_grants_status', sql`${t.status} in ('pending', 'confirmed', 'cancelled')`),
    uniqueIndex('admin_grants_one_pending')
      .on(t.address)
      .where(sql`${t.status} = 'pending'`),
    check('admin_grants_roles_known', sql`'admin' = any(${t.roles}) and ${t.roles} <@ array['auditor', 'support', 'editor', 'admin']::text[]`),
  ],
);

/** A sign-in message's nonce: issued for one address, spent once. */
export const consoleNonces = pgTable('console_nonces', {
  nonce: text('nonce').primaryKey(),
  address: text('address').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** A console session: the cookie's sha256 (never the cookie) and its csrf token. */
export const consoleSessions = pgTable(
  'console_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    address: text('address').notNull(),
    csrfToken: text('csrf_token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('console_sessions_address').on(t.address),
    foreignKey({ name: 'console_sessions_address_fkey', columns: [t.address], foreignColumns: [operators.address] }),
  ],
);

/**
 * Every operator action: who, what, when, before → after. A trigger refuses UPDATE, DELETE and TRUNCATE; another
 * (0027_audit_chain.sql) sets id, recorded_at, prev_hash and hash on insert, whatever the insert names.
 */
/** The audit log's ids: its insert trigger takes the next one after the chain's lock (0027_audit_chain.sql). */
export const auditLogIds = pgSequence('audit_log_id_seq');

export const auditLog = pgTable(
  'audit_log',
  {
    // No column default: the trigger numbers every row, so an insert names none.
    id: integer('id')
      .primaryKey()
      .$defaultFn(() => sql`default`),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The operator's address; null for the CLI (admin token). */
    operator: text('operator'),
    action: text('action').notNull(),
    target: text('target'),
    before: jsonb('before'),
    after: jsonb('after'),
    /** The database's clock at insert (null for the rows written before the chain). */
    recordedAt: timestamp('recorded_at', { withTimezone: true }),
    prevHash: text('prev_hash')
      .notNull()
      .$defaultFn(() => ''),
    hash: text('hash')
      .notNull()
      .$defaultFn(() => ''),
  },
  (t) => [index('audit_log_operator').on(t.operator, t.id), index('audit_log_action').on(t.action, t.id)],
);

/** One operator's signed approval of a withdrawal (two are needed above the threshold); append-only like the audit log. */
export const withdrawalApprovals = pgTable(
  'withdrawal_approvals',
  {
    withdrawalId: integer('withdrawal_id').notNull(),
    operator: text('operator').notNull(),
    message: text('message').notNull(),
    signature: text('signature').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'withdrawal_approvals_pk', columns: [t.withdrawalId, t.operator] }),
    foreignKey({ name: 'withdrawal_approvals_withdrawal_id_fkey', columns: [t.withdrawalId], foreignColumns: [withdrawals.id] }),
  ],
);
