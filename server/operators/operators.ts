import { asc, eq } from 'drizzle-orm';
import { type Address, getAddress } from 'viem';
import type { Role } from '../../lib/console-api/inputs';
import type { Clock } from '../clock';
import type { Db, Queryable, Tx } from '../db/client';
import { AppError } from '../errors';
import { recordAudit } from './audit';
import { consoleSessions, operators } from './tables';

export type Operator = typeof operators.$inferSelect;
/** Who acts: an operator's address, or null for the CLI with the admin token. */
export type Actor = Address | null;

/** Admin may do everything; the others their own tasks. */
export const hasRole = (roles: readonly Role[], allowed: readonly Role[]) => roles.includes('admin') || allowed.some((r) => roles.includes(r));

export async function listOperators(db: Queryable): Promise<Operator[]> {
  return db.select().from(operators).orderBy(asc(operators.addedAt), asc(operators.address));
}

export async function findOperator(db: Queryable, address: string): Promise<Operator | undefined> {
  const [row] = await db
    .select()
    .from(operators)
    .where(eq(operators.address, getAddress(address)))
    .limit(1);
  return row;
}

/** An active operator of this address, or undefined. */
export async function activeOperator(db: Queryable, address: string): Promise<Operator | undefined> {
  const row = await findOperator(db, address);
  return row?.active ? row : undefined;
}

const uniqueRoles = (roles: readonly Role[]) => [...new Set(roles)];

/** The roles that may approve withdrawals. */
export const APPROVER_ROLES = ['auditor', 'admin'] as const satisfies readonly Role[];
export const isApprover = (roles: readonly Role[]) => APPROVER_ROLES.some((r) => roles.includes(r));
const isActiveAdmin = (o: Operator | undefined) => !!o?.active && o.roles.includes('admin');

/** Whether this change makes someone an admin who is not one now (add, re-add or give the role): it needs a second admin. */
export const grantsAdmin = (before: Operator | undefined, roles: readonly Role[]) => roles.includes('admin') && !isActiveAdmin(before);

/**
 * Who makes a change: `by` the operator who asked for it (null for the CLI with the admin token), and for making an
 * admin, `confirmedBy` the second admin who confirmed it (server/operators/admin-grants.ts). The audit row names the
 * one who acted last.
 */
export type Change = { by: Actor; confirmedBy?: Address };

function refuseLoneAdminGrant(change: Change, before: Operator | undefined, roles: readonly Role[]) {
  if (change.by !== null && !change.confirmedBy && grantsAdmin(before, roles)) throw new AppError('consoleSecondAdminNeeded');
}

/** When an approving role was given and by whom, after a change of roles from `before` (kept while one is held throughout). */
function approverStanding(before: Operator | undefined, roles: readonly Role[], by: Actor, now: Date) {
  if (!isApprover(roles)) return { approverSince: null, approverGrantedBy: null };
  if (before?.active && isApprover(before.roles) && before.approverSince)
    return { approverSince: before.approverSince, approverGrantedBy: before.approverGrantedBy };
  return { approverSince: now, approverGrantedBy: by };
}

/** Adds an operator (or reactivates a removed one with these roles), on record, in the caller's transaction. */
export async function addOperatorIn(
  tx: Tx,
  clock: Clock,
  change: Change,
  input: { address: string; roles: readonly Role[]; note?: string },
): Promise<Operator> {
  const address = getAddress(input.address);
  const before = await findOperator(tx, address);
  if (before?.active) throw new AppError('consoleOperatorExists');
  const roles = uniqueRoles(input.roles);
  refuseLoneAdminGrant(change, before, roles);
  const now = clock.now();
  const values = {
    address,
    roles,
    note: input.note ?? '',
    active: true,
    addedAt: now,
    addedBy: change.by,
    ...approverStanding(undefined, roles, change.by, now),
  };
  const [after] = await tx.insert(operators).values(values).onConflictDoUpdate({ target: operators.address, set: values }).returning();
  await recordAudit(tx, { operator: change.confirmedBy ?? change.by, action: 'operator.add', target: address, before: before ?? null, after }, now);
  return after!;
}

/**
 * Changes an operator's roles, on record, in the caller's transaction. An admin cannot take their own admin role
 * away (someone must remain able to add operators).
 */
export async function setOperatorRolesIn(tx: Tx, clock: Clock, change: Change, address: string, roles: readonly Role[]): Promise<Operator> {
  const target = getAddress(address);
  const before = await activeOperator(tx, target);
  if (!before) throw new AppError('consoleNoOperator');
  if (change.by === target && before.roles.includes('admin') && !roles.includes('admin')) throw new AppError('consoleOwnAdmin');
  const next = uniqueRoles(roles);
  refuseLoneAdminGrant(change, before, next);
  const [after] = await tx
    .update(operators)
    .set({ roles: next, ...approverStanding(before, next, change.by, clock.now()) })
    .where(eq(operators.address, target))
    .returning();
  await recordAudit(tx, { operator: change.confirmedBy ?? change.by, action: 'operator.roles', target, before, after }, clock.now());
  return after!;
}

/** Adds an operator, on record. Making an admin this way is the CLI's alone (by null); in the console a second admin confirms it. */
export const addOperator = (db: Db, clock: Clock, by: Actor, input: { address: string; roles: readonly Role[]; note?: string }) =>
  db.transaction((tx) => addOperatorIn(tx, clock, { by }, input));

/** Changes an operator's roles, on record (giving the admin role likewise needs the CLI or a second admin). */
export const setOperatorRoles = (db: Db, clock: Clock, by: Actor, address: string, roles: readonly Role[]) =>
  db.transaction((tx) => setOperatorRolesIn(tx, clock, { by }, address, roles));

/** Deactivates an operator and ends their sessions, on record (the row stays: the audit log names them). */
export async function removeOperator(db: Db, clock: Clock, by: Actor, address: string): Promise<Operator> {
  const target = getAddress(address);
  return db.transaction(async (tx) => {
    const before = await activeOperator(tx, target);
    if (!before) throw new AppError('consoleNoOperator');
    if (by === target) throw new AppError('consoleOwnAdmin');
    const [after] = await tx
      .update(operators)
      .set({ active: false, approverSince: null, approverGrantedBy: null })
      .where(eq(operators.address, target))
      .returning();
    await tx.delete(consoleSessions).where(eq(consoleSessions.address, target));
    await recordAudit(tx, { operator: by, action: 'operator.remove', target, before, after }, clock.now());
    return after!;
  });
}
