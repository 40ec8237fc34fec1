import { asc, eq } from 'drizzle-orm';
import { type Address, getAddress } from 'viem';
import type { Role } from '../../lib/console-api/inputs';
import type { Clock } from '../clock';
import type { Db, Queryable } from '../db/client';
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
  const [row] = await db.select().from(operators).where(eq(operators.address, getAddress(address))).limit(1);
  return row;
}

/** An active operator of this address, or undefined. */
export async function activeOperator(db: Queryable, address: string): Promise<Operator | undefined> {
  const row = await findOperator(db, address);
  return row?.active ? row : undefined;
}

const uniqueRoles = (roles: readonly Role[]) => [...new Set(roles)];

/** Adds an operator (or reactivates a removed one with these roles), on record. */
export async function addOperator(db: Db, clock: Clock, by: Actor, input: { address: string; roles: readonly Role[]; note?: string }): Promise<Operator> {
  const address = getAddress(input.address);
  return db.transaction(async (tx) => {
    const before = await findOperator(tx, address);
    if (before?.active) throw new AppError('consoleOperatorExists');
    const values = { address, roles: uniqueRoles(input.roles), note: input.note ?? '', active: true, addedAt: clock.now(), addedBy: by };
    const [after] = await tx.insert(operators).values(values).onConflictDoUpdate({ target: operators.address, set: values }).returning();
    await recordAudit(tx, { operator: by, action: 'operator.add', target: address, before: before ?? null, after }, clock.now());
    return after!;
  });
}

/** Changes an operator's roles, on record. An admin cannot take their own admin role away (someone must remain able to add operators). */
export async function setOperatorRoles(db: Db, clock: Clock, by: Actor, address: string, roles: readonly Role[]): Promise<Operator> {
  const target = getAddress(address);
  return db.transaction(async (tx) => {
    const before = await activeOperator(tx, target);
    if (!before) throw new AppError('consoleNoOperator');
    if (by === target && before.roles.includes('admin') && !roles.includes('admin')) throw new AppError('consoleOwnAdmin');
    const [after] = await tx.update(operators).set({ roles: uniqueRoles(roles) }).where(eq(operators.address, target)).returning();
    await recordAudit(tx, { operator: by, action: 'operator.roles', target, before, after }, clock.now());
    return after!;
  });
}

/** Deactivates an operator and ends their sessions, on record (the row stays: the audit log names them). */
export async function removeOperator(db: Db, clock: Clock, by: Actor, address: string): Promise<Operator> {
  const target = getAddress(address);
  return db.transaction(async (tx) => {
    const before = await activeOperator(tx, target);
    if (!before) throw new AppError('consoleNoOperator');
    if (by === target) throw new AppError('consoleOwnAdmin');
    const [after] = await tx.update(operators).set({ active: false }).where(eq(operators.address, target)).returning();
    await tx.delete(consoleSessions).where(eq(consoleSessions.address, target));
    await recordAudit(tx, { operator: by, action: 'operator.remove', target, before, after }, clock.now());
    return after!;
  });
}
