import { and, count, desc, eq, gte, inArray, lte, or, type SQL } from 'drizzle-orm';
import type { AuditScope } from './audit-scope';
import type { Queryable } from '../db/client';
import { windowOf } from '../paging';
import { auditLog } from './tables';

export type AuditEntry = { operator: string | null; action: string; target?: string | null; before?: unknown; after?: unknown };

/** JSON-safe: bigints as decimal strings, dates as ISO strings, Maps as objects. */
export function plain(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value ?? null, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v instanceof Map ? Object.fromEntries(v) : v)));
}

/**
 * Appends one row to the audit log (who, what, when, before → after) in the caller's transaction, so the action and
 * its record commit together: callers pass the action's own Tx. The table refuses UPDATE and DELETE
 * (0018_operators.sql), the server's role may only INSERT and SELECT it (server/db/roles.ts), and its trigger chains
 * the row to the one before it by hash (0027_audit_chain.sql, checked by audit-chain.ts).
 */
export async function recordAudit(db: Queryable, entry: AuditEntry, at: Date): Promise<number> {
  const [row] = await db
    .insert(auditLog)
    .values({
      at,
      operator: entry.operator,
      action: entry.action,
      target: entry.target ?? null,
      before: plain(entry.before),
      after: plain(entry.after),
    })
    .returning({ id: auditLog.id });
  return row!.id;
}

export type AuditFilter = { page: number; limit: number; operator?: string; action?: string; target?: string; from?: Date; to?: Date };

const within = (scope: AuditScope): SQL | undefined =>
  scope.all
    ? undefined
    : or(inArray(auditLog.action, scope.actions), and(inArray(auditLog.action, [...scope.ownActions]), eq(auditLog.operator, scope.operator)));

/** The audit log the scope lets its reader see (./audit-scope.ts), newest first, filtered (within it) and paged on the server. */
export async function auditPage(db: Queryable, f: AuditFilter, scope: AuditScope) {
  const where = and(
    ...([
      within(scope),
      f.operator ? eq(auditLog.operator, f.operator) : undefined,
      f.action ? eq(auditLog.action, f.action) : undefined,
      f.target ? eq(auditLog.target, f.target) : undefined,
      f.from ? gte(auditLog.at, f.from) : undefined,
      f.to ? lte(auditLog.at, f.to) : undefined,
    ].filter(Boolean) as SQL[]),
  );
  const [total] = await db.select({ n: count() }).from(auditLog).where(where);
  const rows = await db.select().from(auditLog).where(where).orderBy(desc(auditLog.id)).limit(f.limit).offset(windowOf(f.page, f.limit).offset);
  return { items: rows, total: total?.n ?? 0 };
}

/** The latest audit row of an action (e.g. the last ledger check, for the health screen). */
export async function lastAudit(db: Queryable, action: string) {
  const [row] = await db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id)).limit(1);
  return row;
}
