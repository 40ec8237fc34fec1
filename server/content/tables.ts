import { customType, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, languageCheck } from '../db/columns';

export const banners = pgTable('banners', {
  id: serial('id').primaryKey(),
  position: text('position').notNull().default('1'),
  imgPath: text('img_path').notNull(),
  urlPath: text('url_path').notNull().default(''),
  sort: integer('sort').notNull().default(0),
});

/** A banner's title per language. */
export const bannerTexts = pgTable(
  'banner_texts',
  {
    bannerId: integer('banner_id')
      .notNull()
      .references(() => banners.id),
    language: text('language').notNull(),
    imgTitle: text('img_title').notNull(),
  },
  (t) => [primaryKey({ columns: [t.bannerId, t.language] }), languageCheck('banner_texts_language', t.language)],
);

export const notices = pgTable('notices', {
  id: serial('id').primaryKey(),
  createdAt: createdAt(),
});

/** An announcement's title and rich text (HTML, sanitized by the app) per language. */
export const noticeTexts = pgTable(
  'notice_texts',
  {
    noticeId: integer('notice_id')
      .notNull()
      .references(() => notices.id),
    language: text('language').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
  },
  (t) => [primaryKey({ columns: [t.noticeId, t.language] }), languageCheck('notice_texts_language', t.language)],
);

/** PostgreSQL's bytea: node-postgres reads a Buffer, PGlite a Uint8Array; both come back as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/** A banner image an editor uploaded (console uploadBannerImage), re-encoded as JPEG; served at /media/banners/<id>.jpg. */
export const bannerImages = pgTable('banner_images', {
  id: text('id').primaryKey(),
  data: bytea('data').notNull(),
  bytes: integer('bytes').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  createdAt: createdAt(),
});
