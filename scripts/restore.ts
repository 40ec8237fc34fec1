// `npm run restore -- <backup.tar.gz> [--data-dir <folder>] [--overwrite]`: an `npm run backup` file into an empty
// PGlite data directory (DATA_DIR's by default), once its SHA-256 matches the checksum file beside it. A directory
// with anything in it is refused unless --overwrite, which moves it aside (nothing is deleted). Stop the server
// first: PGlite lets one process hold the directory. PostgreSQL: pg_restore (docs/deploy.md, "Backups").
import { existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { loadConfig } from '../server/config';
import { readVerifiedBackup } from './lib/backup-files';

const USAGE = 'usage: npm run restore -- <backup.tar.gz> [--data-dir <folder>] [--overwrite]';

try {
  const { values, positionals } = parseArgs({
    options: { 'data-dir': { type: 'string' }, overwrite: { type: 'boolean', default: false } },
    allowPositionals: true,
  });
  if (positionals.length !== 1) throw new Error(`name one backup file\n${USAGE}`);
  const config = loadConfig(process.env, 'operate');
  if (config.databaseUrl && !values['data-dir'])
    throw new Error('DATABASE_URL is set: this server runs on PostgreSQL, which pg_restore restores (docs/deploy.md, "Backups")');
  const dataDir = resolve(values['data-dir'] ?? config.dataDir);
  const image = readVerifiedBackup(positionals[0]!);

  const inUse = existsSync(dataDir) && readdirSync(dataDir).length > 0;
  if (inUse && !values.overwrite)
    throw new Error(`${dataDir} is not empty: restore into an empty folder (--data-dir), or pass --overwrite to move it aside first`);

  // Into a folder beside the target, opened once to prove it starts, then moved into place: no half-restored directory.
  const staging = `${dataDir}.restoring-${process.pid}`;
  if (existsSync(staging)) throw new Error(`${staging} exists (left by a restore that was killed?): remove it, then restore again`);
  try {
    const pg = new PGlite({ dataDir: staging, loadDataDir: new Blob([image]) });
    const [migrations] = (await pg.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations')).rows;
    await pg.close();
    if (inUse) {
      const aside = `${dataDir}.before-restore-${new Date().toISOString().replace(/[-:.]/g, '')}`;
      renameSync(dataDir, aside);
      console.log(`Moved the directory that was there to ${aside}`);
    }
    renameSync(staging, dataDir);
    console.log(
      `Restored ${positionals[0]} into ${dataDir} (checksum verified, ${migrations?.n ?? 0} migrations applied in it). Start the server on it: DATA_DIR=${dataDir} npm run server`,
    );
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
