import { and, desc, eq, ne } from 'drizzle-orm';
import { type Address, getAddress } from 'viem';
import type { Role } from '../../lib/console-api/inputs';
import type { Clock } from '../clock';
import type { Db, Queryable, Tx } from '../db/client';
import { AppError } from '../errors';
import { recordAudit } from './audit';
import { type Operator, addOperatorIn, findOperator, grantsAdmin, setOperatorRolesIn } from './operators';
import { adminGrants } from './tables';

export type AdminGrant = typeof adminGrants.$inferSelect;
/** What an admin's change of operators did: done at once, or waiting for a second admin (making an admin). */
export type OperatorChange = { outcome: 'done'; operator: Operator } | { outcome: 'pending'; grant: AdminGrant };

const pendingFor = async (tx: Tx, address: string) =>
  (
    await tx
      .select({ id: adminGrants.id })
      .from(adminGrants)
      .where(and(eq(adminGrants.address, address), eq(adminGrants.status, 'pending')))
      .limit(1)
  )[0];

/** Records a pending grant; one per address at a time (a unique index, so two proposing at once get one). */
async function propose(tx: Tx, clock: Clock, by: Address, grant: Pick<AdminGrant, 'kind' | 'address' | 'roles' | 'note'>): Promise<OperatorChange> {
  const waiting = await pendingFor(tx, grant.address);
  if (waiting) throw new AppError('consoleGrantPending', { id: String(waiting.id) });
  const [row] = await tx
    .insert(adminGrants)
    .values({ ...grant, proposedBy: by, proposedAt: clock.now() })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new AppError('consoleGrantPending', { id: String((await pendingFor(tx, grant.address))?.id ?? '?') });
  await recordAudit(tx, { operator: by, action: 'operator.adminGrant.propose', target: grant.address, after: row }, clock.now());
  return { outcome: 'pending', grant: row };
}

/** An admin adds an operator: at once, unless it makes an admin (then a pending grant a different admin confirms). */
export async function addOperatorByAdmin(
  db: Db,
  clock: Clock,
  by: Address,
  input: { address: string; roles: readonly Role[]; note?: string },
): Promise<OperatorChange> {
  const address = getAddress(input.address);
  return db.transaction(async (tx) => {
    const before = await findOperator(tx, address);
    if (before?.active) throw new AppError('consoleOperatorExists');
    if (grantsAdmin(before, input.roles)) return propose(tx, clock, by, { kind: 'add', address, roles: [...new Set(input.roles)], note: input.note ?? '' });
    return { outcome: 'done', operator: await addOperatorIn(tx, clock, { by }, input) };
  });
}

/** An admin changes an operator's roles: at once, unless it gives the admin role (then a pending grant). */
export async function setOperatorRolesByAdmin(db: Db, clock: Clock, by: Address, address: string, roles: readonly Role[]): Promise<OperatorChange> {
  const target = getAddress(address);
  return db.transaction(async (tx) => {
    const before = await findOperator(tx, target);
    if (before?.active && grantsAdmin(before, roles))
      return propose(tx, clock, by, { kind: 'roles', address: target, roles: [...new Set(roles)], note: before.note });
    return { outcome: 'done', operator: await setOperatorRolesIn(tx, clock, { by }, target, roles) };
  });
}

/** The pending grants, newest first. */
export async function pendingAdminGrants(db: Queryable): Promise<AdminGrant[]> {
  return db.select().from(adminGrants).where(eq(adminGrants.status, 'pending')).orderBy(desc(adminGrants.id));
}

/** Closes a pending grant as `status` by `by`: only one caller wins (the row's status changes once). */
async function decide(tx: Tx, clock: Clock, id: number, by: Address, status: 'confirmed' | 'cancelled', notProposer: boolean): Promise<AdminGrant> {
  const [row] = await tx.select().from(adminGrants).where(eq(adminGrants.id, id)).limit(1);
  if (!row) throw new AppError('consoleNotFound', { what: `#${id}` });
  if (row.status !== 'pending') throw new AppError('consoleGrantDecided');
  if (notProposer && row.proposedBy === by) throw new AppError('consoleOwnGrant');
  const [closed] = await tx
    .update(adminGrants)
    .set({ status, decidedBy: by, decidedAt: clock.now() })
    .where(and(eq(adminGrants.id, id), eq(adminGrants.status, 'pending'), ...(notProposer ? [ne(adminGrants.proposedBy, by)] : [])))
    .returning();
  if (!closed) throw new AppError('consoleGrantDecided');
  return closed;
}

/**
 * A second admin confirms a pending grant, which then applies (the operator added or given the roles, named as added
 * by the proposer). The proposer cannot confirm their own; of two confirming at once, one wins.
 */
export async function confirmAdminGrant(db: Db, clock: Clock, by: Address, id: number): Promise<{ grant: AdminGrant; operator: Operator }> {
  return db.transaction(async (tx) => {
    const grant = await decide(tx, clock, id, by, 'confirmed', true);
    const change = { by: grant.proposedBy as Address, confirmedBy: by };
    const operator =
      grant.kind === 'add'
        ? await addOperatorIn(tx, clock, change, { address: grant.address, roles: grant.roles, note: grant.note })
        : await setOperatorRolesIn(tx, clock, change, grant.address, grant.roles);
    await recordAudit(
      tx,
      { operator: by, action: 'operator.adminGrant.confirm', target: grant.address, before: { status: 'pending' }, after: grant },
      clock.now(),
    );
    return { grant, operator };
  });
}

/** Any admin, the proposer included, cancels a pending grant; it changes nothing else. */
export async function cancelAdminGrant(db: Db, clock: Clock, by: Address, id: number): Promise<AdminGrant> {
  return db.transaction(async (tx) => {
    const grant = await decide(tx, clock, id, by, 'cancelled', false);
    await recordAudit(
      tx,
      { operator: by, action: 'operator.adminGrant.cancel', target: grant.address, before: { status: 'pending' }, after: grant },
      clock.now(),
    );
    return grant;
  });
}
