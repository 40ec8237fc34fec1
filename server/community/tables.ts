import { sql } from 'drizzle-orm';
import { check, customType, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, money } from '../db/columns';
import { users } from '../users/tables';

/** PostgreSQL's bytea: node-postgres reads a Buffer, PGlite a Uint8Array; both come back as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * An office photo a member uploaded for a community application: re-encoded as JPEG and kept in the database
 * (`data`, a few hundred KB at most), so every API server reads it (migration 0016; no shared folder). Rows
 * from before 0016 have no data (their files stayed where UPLOAD_DIR was) and count as missing.
 */
export const communityPhotos = pgTable(
  'community_photos',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The re-encoded JPEG; null only on rows stored on disk before migration 0016. */
    data: bytea('data'),
    bytes: integer('bytes').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('community_photos_user').on(t.userId)],
);

export const APPLICATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** A member's application to found a community, accepted once its payment was verified on chain. */
export const communityApplications = pgTable(
  'community_applications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
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
  },
  (t) => [
    check('community_applications_status', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check('community_applications_three_photos', sql`cardinality(${t.photoIds}) = 3`),
    index('community_applications_user').on(t.userId),
    // One open application per member: a second is refused while one is pending or approved.
    uniqueIndex('community_applications_one_open')
      .on(t.userId)
      .where(sql`${t.status} in ('pending', 'approved')`),
  ],
);
