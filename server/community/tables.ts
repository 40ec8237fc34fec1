import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, money } from '../db/columns';
import { users } from '../users/tables';

/** An office photo a member uploaded for a community application: re-encoded and stored under UPLOAD_DIR. */
export const communityPhotos = pgTable('community_photos', {
  id: text('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id),
  /** The stored file's name inside UPLOAD_DIR (`<id>.jpg`). */
  file: text('file').notNull(),
  bytes: integer('bytes').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  createdAt: createdAt(),
}, (t) => [index('community_photos_user').on(t.userId)]);

export const APPLICATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** A member's application to found a community, accepted once its payment was verified on chain. */
export const communityApplications = pgTable('community_applications', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id),
  /** The Vault receiving address the payment went to (the spec's application address). */
  receiver: text('receiver').notNull(),
  amount: money('amount').notNull(),
  payFrom: text('pay_from').notNull(),
  /** The payment transaction: a hash is accepted once, ever. */
  payHash: text('pay_hash').notNull().unique(),
  communityToken: text('community_token').notNull(),
  provinceCode: text('province_code').notNull(),
  cityCode: text('city_code').notNull(),
  photoIds: text('photo_ids').array().notNull(),
  status: text('status').$type<ApplicationStatus>().notNull().default('pending'),
  reason: text('reason'),
  createdAt: createdAt(),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
}, (t) => [
  check('community_applications_status', sql`${t.status} in ('pending', 'approved', 'rejected')`),
  check('community_applications_three_photos', sql`cardinality(${t.photoIds}) = 3`),
  index('community_applications_user').on(t.userId),
  // One open application per member: a second is refused while one is pending or approved.
  uniqueIndex('community_applications_one_open').on(t.userId).where(sql`${t.status} in ('pending', 'approved')`),
]);
