import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Address } from 'viem';
import type { Db, Queryable, Tx } from '../db/client';
import { ADVISORY_LOCKS } from '../db/locks';
import { userAncestors, users } from './tables';
import { AppError } from '../errors';

export type User = typeof users.$inferSelect;

/**
 * Serialises, until the caller's transaction ends, everything that must see the other side of an address's
 * registration: a deposit recorded while the same address registers would otherwise be seen by neither
 * transaction (each one's snapshot misses the other's uncommitted row) and stay uncredited.
 */
export async function lockAddress(tx: Tx, address: Address): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.addressSpace}, hashtext(${address.toLowerCase()}))`);
}

export async function findUser(db: Queryable, address: Address): Promise<User | undefined> {
  const [user] = await db.select().from(users).where(eq(users.address, address)).limit(1);
  return user;
}

/** Operators seed root users: registered, with no inviter. Idempotent. */
export async function createRootUser(db: Db, address: Address): Promise<User> {
  await db.insert(users).values({ address }).onConflictDoNothing({ target: users.address });
  const user = await findUser(db, address);
  if (!user) throw new Error(`root user ${address} was not created`);
  return user;
}

/** The inviter a new address may register under: a member, and not the address itself. */
export async function eligibleInviter(db: Queryable, address: Address, inviterAddress: Address): Promise<User> {
  if (address === inviterAddress) throw new AppError('selfInvite');
  if (await findUser(db, address)) throw new AppError('alreadyRegistered');
  const inviter = await findUser(db, inviterAddress);
  if (!inviter) throw new AppError('inviterNotFound');
  return inviter;
}

/**
 * Registers `address` under `inviter` inside the caller's transaction. The inviter must already exist and a
 * new user is always a leaf, so the referral tree can never form a cycle. Stores up to three generations.
 * `at` is the business clock's time (the team's 'joined today' counts read it).
 */
export async function registerUser(tx: Tx, address: Address, inviterAddress: Address, at: Date): Promise<User> {
  const inviter = await eligibleInviter(tx, address, inviterAddress);
  const [user] = await tx.insert(users).values({ address, inviterId: inviter.id, createdAt: at }).onConflictDoNothing({ target: users.address }).returning();
  if (!user) throw new AppError('alreadyRegistered');
  const above = await tx
    .select({ ancestorId: userAncestors.ancestorId, depth: userAncestors.depth })
    .from(userAncestors)
    .where(eq(userAncestors.userId, inviter.id));
  const generations = [{ ancestorId: inviter.id, depth: 1 }, ...above.map((a) => ({ ancestorId: a.ancestorId, depth: a.depth + 1 }))];
  await tx.insert(userAncestors).values(generations.filter((g) => g.depth <= 3).map((g) => ({ userId: user.id, ...g })));
  return user;
}

/** Every member, oldest first (the operator's list). */
export async function listUsers(db: Queryable) {
  return db.select({ id: users.id, address: users.address, inviterId: users.inviterId }).from(users).orderBy(asc(users.id));
}

/** The members of these addresses (those registered). */
export async function usersByAddress(db: Queryable, addresses: readonly string[]) {
  return addresses.length === 0
    ? []
    : db
        .select({ id: users.id, address: users.address })
        .from(users)
        .where(inArray(users.address, [...addresses]));
}

/** The member whose bound email this is (stored lower-case), if any. */
export async function userIdByEmail(db: Queryable, email: string): Promise<number | undefined> {
  return (await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1))[0]?.id;
}

/** Binds a verified email to the member; the unique index users_email refuses one another member holds. */
export async function setEmail(tx: Queryable, userId: number, email: string): Promise<void> {
  await tx.update(users).set({ email }).where(eq(users.id, userId));
}

/** The bound emails of these members (those without one are left out): where reminders go. */
export async function emailsOf(db: Queryable, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.id, [...ids]));
  return new Map(rows.filter((r) => r.email).map((r) => [r.id, r.email!]));
}
