import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns';
import { users } from '../users/tables';

/**
 * Mail between a member and the administrator, plain text. From the administrator (`fromAdmin`): the
 * member's inbox, not viewed → viewed. From the member: sent → replied once the administrator's `reply` is
 * set; `replyToId` is the administrator's mail it answers, when it answers one.
 */
export const mails = pgTable(
  'mails',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    title: text('title').notNull(),
    content: text('content').notNull(),
    fromAdmin: boolean('from_admin').notNull().default(true),
    viewed: boolean('viewed').notNull().default(false),
    replyToId: integer('reply_to_id').references((): AnyPgColumn => mails.id),
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('mails_unread').on(t.userId, t.viewed),
    index('mails_box').on(t.userId, t.fromAdmin, t.id),
    check('mails_reply_to_member_mail', sql`${t.reply} is null or not ${t.fromAdmin}`),
  ],
);
