import { sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { type Tx, rowsOf } from '../db/client';
import { userAncestors, users } from './tables';

/**
 * What the domains above read of the members in their own joins, since they may not import users' tables: the
 * relation is a subquery of `users` (PostgreSQL flattens it into the caller's plan, so a join costs what joining the
 * table did). Read-only; every write to users goes through this domain's functions.
 */
const builder = new QueryBuilder();

/** Every member's row, aliased `members`, for drizzle joins: `.leftJoin(members, eq(members.address, …))`, selecting `memberFields`. */
export const members = builder.select().from(users).as('members');
export const memberFields = members._.selectedFields;

/** The members' referral lines and ranks, for set-based raw statements (the daily job): alias it in the caller. */
export const memberLines = sql`(select id, address, inviter_id, star, lv, v_lv, created_at from ${users})`;

/** Each member's line up to three generations (user_id, ancestor_id, depth 1–3), for set-based raw statements: alias it in the caller. */
export const memberAncestry = sql`(select user_id, ancestor_id, depth from ${userAncestors})`;

/**
 * The daily job's new ranks: every member in `changes` (a relation with id, star, lv, v_lv, only the rows that
 * change) takes its ranks. Returns how many rows changed.
 */
export async function setRanks(tx: Tx, changes: string): Promise<number> {
  const [changed] = await rowsOf<{ n: number }>(
    tx,
    sql`
    with updated as (
      update ${users} u set star = r.star, lv = r.lv, v_lv = r.v_lv from ${sql.raw(changes)} r where r.id = u.id returning 1
    )
    select count(*)::int as n from updated`,
  );
  return changed?.n ?? 0;
}
