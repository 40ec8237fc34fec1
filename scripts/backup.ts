// `npm run backup [-- --dir <folder>]`: the embedded database (PGlite), taken through the running server — PGlite is
// single-process, so the server that holds the data directory makes the image (GET /admin/backup) — and written with
// a timestamped name and its SHA-256 (scripts/lib/backup-files.ts). PostgreSQL: pg_dump (docs/deploy.md, "Backups").
import { mkdirSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { adminGet } from './lib/admin-endpoint';
import { sha256, writeBackup } from './lib/backup-files';

const USAGE = 'usage: npm run backup [-- --dir <folder>]   (default folder: .data/backups)';

try {
  const { values } = parseArgs({ options: { dir: { type: 'string', default: '.data/backups' } }, allowPositionals: false });
  const dir = values.dir.trim();
  if (!dir) throw new Error(`--dir is empty\n${USAGE}`);
  const at = new Date();
  const reply = await adminGet('/backup');
  if (!reply) throw new Error('no server answered on the admin endpoint: the backup is taken by the running server (npm start or npm run server)');
  if (!reply.ok)
    throw new Error(
      `the server refused the backup (${reply.status}): ${((await reply.json().catch(() => ({}))) as { error?: string }).error ?? 'no reason given'}`,
    );
  const image = new Uint8Array(await reply.arrayBuffer());
  const sent = reply.headers.get('x-backup-sha256');
  if (!sent || sent !== sha256(image))
    throw new Error(`the image arrived damaged (SHA-256 ${sha256(image)}, the server sent ${sent ?? 'none'}); nothing was written`);
  mkdirSync(dir, { recursive: true });
  const { file, sha256: sum } = writeBackup(dir, image, at);
  console.log(`Backup: ${file} (${(image.byteLength / 1024 / 1024).toFixed(1)} MiB, SHA-256 ${sum}, in ${file}.sha256)`);
  console.log(`Restore it into an empty data directory with: npm run restore -- ${file}`);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
