import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Db } from '../db/client';
import { freshDatabaseUrl } from './harness';

const migrations = join(dirname(fileURLToPath(import.meta.url)), '..', 'db', 'migrations');

export type MigratedDatabase = { db: Db; migrateTheRest: () => Promise<void>; close: () => Promise<void> };

/**
 * A database of its own (PostgreSQL with TEST_DATABASE_URL, else PGlite) migrated up to the migration whose tag starts
 * with `lastTag` only, from a copy of the folder whose journal stops there: a migration after it can then be tested
 * on data written before it (`migrateTheRest`).
 */
export async function migratedUpTo(lastTag: string): Promise<MigratedDatabase> {
  const folder = mkdtempSync(join(tmpdir(), `migrations-${lastTag}`));
  cpSync(migrations, folder, { recursive: true });
  const journal = JSON.parse(readFileSync(join(migrations, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  const upTo = journal.entries.findIndex((e) => e.tag.startsWith(lastTag));
  if (upTo < 0) throw new Error(`no migration ${lastTag}`);
  writeFileSync(join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries: journal.entries.slice(0, upTo + 1) }));
  const removeFolder = () => rmSync(folder, { recursive: true, force: true });
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const pool = new pg.Pool({ connectionString: await freshDatabaseUrl(url), max: 2 });
    const db = drizzlePg(pool);
    await migratePg(db, { migrationsFolder: folder });
    return { db, migrateTheRest: () => migratePg(db, { migrationsFolder: migrations }), close: async () => (await pool.end(), removeFolder()) };
  }
  const client = new PGlite();
  const db = drizzlePglite(client);
  await migratePglite(db, { migrationsFolder: folder });
  return { db, migrateTheRest: () => migratePglite(db, { migrationsFolder: migrations }), close: async () => (await client.close(), removeFolder()) };
}
