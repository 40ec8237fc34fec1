import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns';
import { users } from '../users/tables';

/** Mirrors the email_codes_purpose check below. */
export const EMAIL_CODE_PURPOSES = ['bind', 'change-old', 'change-new'] as const;

/** A verification code sent by email: only its hash is kept; single use, expires, a bounded number of tries. */
export const emailCodes = pgTable('email_codes', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id),
  purpose: text('purpose').$type<(typeof EMAIL_CODE_PURPOSES)[number]>().notNull(),
  email: text('email').notNull(),
  codeHash: text('code_hash').notNull(),
  tries: integer('tries').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
}, (t) => [
  check('email_codes_purpose', sql`${t.purpose} in ('bind', 'change-old', 'change-new')`),
  index('email_codes_user').on(t.userId, t.createdAt),
  index('email_codes_email').on(t.email, t.createdAt),
]);
