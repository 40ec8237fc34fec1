import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Db, migrationsFolder as migrations, openDatabase } from '../db/client';
import { freshDatabaseUrl, testDatabaseUrls } from './harness';

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
  const url = process.env.TEST_DATABASE_URL;
  const database = await openDatabase({ ...(url ? testDatabaseUrls(await freshDatabaseUrl(url)) : {}), migrationsFolder: folder });
  return {
    db: database.db,
    migrateTheRest: () => database.migrate(),
    close: async () => (await database.close(), rmSync(folder, { recursive: true, force: true })),
  };
}
