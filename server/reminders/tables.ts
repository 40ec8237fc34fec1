import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { ApiLanguage } from '../../lib/i18n';
import type { ReminderKind } from '../../lib/email';
import { createdAt, languageCheck } from '../db/columns';
import { users } from '../users/tables';

/** A member's reminder settings: the language the emails are written in (their last email call's) and the kinds turned off. */
export const emailPreferences = pgTable(
  'email_preferences',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id),
    language: text('language').$type<ApiLanguage>().notNull().default('zh'),
    off: text('off')
      .array()
      .$type<ReminderKind[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [languageCheck('email_preferences_language', t.language)],
);

/** What the outbox carries: the members' reminders and the operators' alerts (server/alerts/; migration 0028). */
export type OutboxKind = ReminderKind | 'alert';

export const OUTBOX_STATES = ['queued', 'sent', 'failed', 'dropped'] as const;

/**
 * Reminder emails, written once per event (`event_key`, unique: the kind and the event's own id) by whichever
 * server's job found it first, then sent by the outbox drain with retries (`next_attempt_at`, growing backoff).
 * An operator's alert (kind 'alert') has no member and no unsubscribe link.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: serial('id').primaryKey(),
    eventKey: text('event_key').notNull().unique(),
    kind: text('kind').$type<OutboxKind>().notNull(),
    userId: integer('user_id').references(() => users.id),
    toEmail: text('to_email').notNull(),
    language: text('language').$type<ApiLanguage>().notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    unsubscribeUrl: text('unsubscribe_url'),
    state: text('state').$type<(typeof OUTBOX_STATES)[number]>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('email_outbox_kind', sql`${t.kind} in ('stake', 'withdrawal', 'reply', 'community', 'alert')`),
    check('email_outbox_recipient', sql`(${t.kind} = 'alert') = (${t.userId} is null) and (${t.kind} = 'alert' or ${t.unsubscribeUrl} is not null)`),
    check('email_outbox_state', sql`${t.state} in ('queued', 'sent', 'failed', 'dropped')`),
    index('email_outbox_due')
      .on(t.nextAttemptAt)
      .where(sql`${t.state} = 'queued'`),
  ],
);

/**
 * Where each event source was last read up to (`stake-ended`, `withdrawal`, ...), and the key that signs the
 * unsubscribe links (the row named `link-key`, made once by the first server that needs it).
 */
export const reminderState = pgTable('reminder_state', {
  name: text('name').primaryKey(),
  at: timestamp('at', { withTimezone: true }),
  value: text('value'),
});
