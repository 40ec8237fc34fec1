import { pgTable, text } from 'drizzle-orm/pg-core';

/** Operator settings by key (agreement texts, minimums, the community rule); read and written through server/settings/settings.ts. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});
