import { eq } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { FOUNDER_IDENTITY } from '../../lib/user-info';
import { users } from './tables';

export { FOUNDER_IDENTITY };

/**
 * Makes a user a community founder or clears it: the one effect behind the operator's `user.founder` and an
 * approved community application. Returns the user, or undefined when no such user exists.
 */
export async function setFounder(db: Queryable, by: { address: string } | { id: number }, on: boolean) {
  const where = 'address' in by ? eq(users.address, by.address) : eq(users.id, by.id);
  const [user] = await db
    .update(users)
    .set({ identityLv: on ? FOUNDER_IDENTITY : 0 })
    .where(where)
    .returning({ id: users.id, address: users.address, identityLv: users.identityLv });
  return user;
}
