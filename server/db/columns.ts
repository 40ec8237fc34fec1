import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, numeric, timestamp } from 'drizzle-orm/pg-core';
import { API_LANGUAGES } from '../../lib/languages';

// Column helpers shared by every domain's tables.ts (drizzle-kit reads them all: drizzle.config.ts).

/** WLD base units: an exact integer of up to 78 digits, read as bigint. */
export const money = (name: string) => numeric(name, { precision: 78, scale: 0, mode: 'bigint' });
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
/** A percent as an exact decimal (4 places), 0 unless set. */
export const percent = (name: string) => numeric(name, { precision: 9, scale: 4 }).notNull().default('0');

/** The API's language codes, from the one language list; a new language needs a migration of these checks too. */
const API_LANGUAGE_CODES = sql.raw(API_LANGUAGES.map((code) => `'${code}'`).join(', '));
/** Operator texts are kept per API language, zh always present (the fallback). */
export const languageCheck = (name: string, column: AnyPgColumn) => check(name, sql`${column} in (${API_LANGUAGE_CODES})`);
