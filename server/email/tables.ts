import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns';
import { CODE_SCENES, type CodeScene } from '../../lib/email';
import { users } from '../users/tables';

/** A verification code sent by email: only its hash is kept; single use, expires, a bounded number of tries. */
export const emailCodes = pgTable(
  'email_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The code's scene (lib/email.ts CODE_SCENES, the one list; the check below is built from it). */
    purpose: text('purpose').$type<CodeScene>().notNull(),
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    tries: integer('tries').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('email_codes_purpose', sql`${t.purpose} in ${sql.raw(`(${CODE_SCENES.map((s) => `'${s}'`).join(', ')})`)}`),
    index('email_codes_user').on(t.userId, t.createdAt),
    index('email_codes_email').on(t.email, t.createdAt),
  ],
);
