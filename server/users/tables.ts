import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns';

/** Mirrors the users_lv check below (the reply's `lv`, lib/user-info.ts). */
export type CommunityRank = 0 | 10 | 20 | 30 | 40;

/**
 * Registered users; the wallet address (checksum form) is the account. Half-empty pages (fillfactor 50,
 * migration 0013): the daily job's rewrite of star, lv and v_lv, which no index covers, is then a HOT update.
 */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    address: text('address').notNull().unique(),
    inviterId: integer('inviter_id').references((): AnyPgColumn => users.id),
    star: integer('star').notNull().default(0),
    lv: integer('lv').$type<CommunityRank>().notNull().default(0),
    vLv: integer('v_lv').notNull().default(0),
    identityLv: integer('identity_lv').notNull().default(0),
    /** Verified with a code (server/email/binding.ts); stored lower-case, bound to one member at most. */
    email: text('email'),
    createdAt: createdAt(),
  },
  (t) => [
    check('users_lv', sql`${t.lv} in (0, 10, 20, 30, 40)`),
    uniqueIndex('users_email').on(t.email),
    check('users_no_self_invite', sql`${t.inviterId} is null or ${t.inviterId} <> ${t.id}`),
    index('users_inviter').on(t.inviterId),
  ],
);

/** Up to three generations above each user, so team queries are one indexed lookup. */
export const userAncestors = pgTable(
  'user_ancestors',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    ancestorId: integer('ancestor_id')
      .notNull()
      .references(() => users.id),
    depth: integer('depth').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.depth] }),
    check('user_ancestors_depth', sql`${t.depth} between 1 and 3`),
    index('user_ancestors_by_ancestor').on(t.ancestorId, t.depth),
  ],
);
