import { PGlite } from '@electric-sql/pglite';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Database, type Queryable, rowsOf } from '../db/client';
import { testDatabase } from './harness';

// Every domain's tables, as drizzle.config.ts reads them.
const tables = import.meta.glob<Record<string, unknown>>('../*/tables.ts', { eager: true });

/** The public schema's columns, constraints, indexes and sequences, as the catalog describes them. */
async function shape(db: Queryable) {
  return {
    columns: await rowsOf(
      db,
      sql`
      select table_name, column_name, data_type, udt_name, is_nullable, column_default, character_maximum_length, numeric_precision, numeric_scale
      from information_schema.columns where table_schema = 'public' order by table_name, column_name`,
    ),
    constraints: await rowsOf(
      db,
      sql`
      select conrelid::regclass::text as table_name, conname as name, pg_get_constraintdef(oid) as definition
      from pg_constraint where connamespace = 'public'::regnamespace and contype in ('p', 'u', 'f', 'c') order by 1, 2`,
    ),
    sequences: await rowsOf(db, sql`select sequence_name from information_schema.sequences where sequence_schema = 'public' order by 1`),
    indexes: await rowsOf(
      db,
      sql`
      select tablename, indexname, indexdef
      from pg_indexes where schemaname = 'public' order by 1, 2`,
    ),
  };
}

let migrated: Database;
let declared: PGlite;
beforeAll(async () => {
  migrated = await testDatabase();
  declared = new PGlite();
});
afterAll(async () => {
  await migrated.close();
  await declared.close();
  // drizzle-kit/api adds an enumerable Array.prototype.random when imported; the server suites' files share one module
  // realm (server/vitest.config.ts), and a later file's `for … in` over an array (apg-js, under siwe-parser) met it.
  delete (Array.prototype as { random?: unknown }).random;
});

it('the migrations and the tables.ts definitions describe the same schema', async () => {
  const schema = Object.assign({}, ...Object.values(tables));
  const statements = await generateMigration(generateDrizzleJson({}), generateDrizzleJson(schema));
  const fromTables = drizzle(declared);
  for (const statement of statements) await fromTables.execute(sql.raw(statement));
  const [want, got] = [await shape(fromTables as unknown as Queryable), await migrated.asOwner((owner) => shape(owner))];
  expect(got.columns).toEqual(want.columns);
  expect(got.constraints).toEqual(want.constraints);
  expect(got.indexes).toEqual(want.indexes);
  expect(got.sequences).toEqual(want.sequences);
});
