import { copyFileSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseEther } from 'viem';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_SERVER_ROLE } from '../server/test/harness';
import { type Run, cliEnv, runPg, runScript } from './support/cli';
import { type Member, answersOf, heldBy, loadMembers, sideMember, stakeUntil } from './support/drill';
import { connect } from './support/postgres';
import { type ServerProcess, adminOp, postgresUrl, recordFigure, startServer } from './support/server';
import { chainAndDatabase } from './support/stack';

const running: ServerProcess[] = [];
const started = async (opts: Parameters<typeof startServer>[0]) => {
  const server = await startServer(opts);
  running.push(server);
  return server;
};
const scratch = mkdtempSync(join(tmpdir(), 'wld-backup-'));
afterAll(async () => {
  for (const server of running) await server.kill('SIGKILL');
  rmSync(scratch, { recursive: true, force: true });
});

const succeeded = (run: Run) => {
  if (run.code !== 0) throw new Error(`exit ${run.code}:\n${run.stdout}\n${run.stderr}`);
  return run.stdout;
};

/**
 * The drill's first half: members, stakes and money out loaded through `server`; the side member's stakes running
 * while `backUp` takes the backup. Returns what the restored server must answer.
 */
async function loadAndBackUp(server: ServerProcess, rpcUrl: string, backUp: () => Promise<Run>) {
  const members = await loadMembers(server, rpcUrl);
  const side = await sideMember(server, rpcUrl);
  const answers = await answersOf(server, members);
  const ledger = await adminOp(server, 'ledger.check', []);
  const backup = backUp();
  const acknowledged = await stakeUntil(server, side, backup);
  const taken = await backup;
  return { members, side, answers, ledger, acknowledged, taken };
}

/** The drill's second half, on a server started on the restored database: the same answers, the ledger whole. */
async function expectRestored(
  server: ServerProcess,
  loaded: { members: Member[]; side: Member; answers: Map<string, unknown>; ledger: unknown; acknowledged: number },
) {
  expect(await answersOf(server, loaded.members)).toEqual(loaded.answers);
  expect(await adminOp(server, 'ledger.check', [])).toEqual(loaded.ledger);
  expect(loaded.ledger).toMatchObject({ balanceMismatches: [], heldMismatches: [], heldNow: parseEther('25').toString() });
  // `npm run ledger:check` itself, through the restored server's admin endpoint.
  expect(succeeded(await runScript('scripts/ledger-check.ts', [], cliEnv(server)))).toMatch(/^Ledger check: every balance equals the sum of its entries/);
  // The side member's stakes ran during the backup: whatever number the image caught, balance and principal add up.
  const side = await heldBy(server, loaded.side);
  expect(side.balance + side.staked).toBe(parseEther('300'));
  expect(side.stakes).toBeLessThanOrEqual(loaded.acknowledged);
  console.log(`backup drill: ${loaded.acknowledged} stakes acknowledged during the backup, ${side.stakes} in the image`);
  recordFigure('backups restored', 1);
  recordFigure('writes during backups', loaded.acknowledged);
}

describe('npm run backup and npm run restore: the embedded database (PGlite), backed up while its server runs', () => {
  const stack = chainAndDatabase();

  it('restores into a fresh data directory a server that answers every member as before, with 0 ledger mismatches', async () => {
    const live = join(scratch, 'pglite-live');
    const first = await started({ dataDir: live, chainUrl: stack.anvil.rpcUrl });
    const loaded = await loadAndBackUp(first, stack.anvil.rpcUrl, () => runScript('scripts/backup.ts', ['--dir', join(scratch, 'backups')], cliEnv(first)));
    const file = /^Backup: (\S+\.tar\.gz) /m.exec(succeeded(loaded.taken))?.[1];
    expect(file).toMatch(/wld-pledge-pglite-\d{8}T\d{6}Z\.tar\.gz$/);
    await first.kill('SIGTERM');

    // Refused: a data directory with anything in it (without --overwrite), and a file whose checksum does not match.
    const damaged = join(scratch, 'damaged.tar.gz');
    const bytes = readFileSync(file!);
    bytes.writeUInt8(bytes.readUInt8(bytes.length >> 1) ^ 0xff, bytes.length >> 1);
    writeFileSync(damaged, bytes);
    copyFileSync(`${file}.sha256`, `${damaged}.sha256`);
    const [intoLive, fromDamaged] = await Promise.all([
      runScript('scripts/restore.ts', [file!, '--data-dir', live], {}),
      runScript('scripts/restore.ts', [damaged, '--data-dir', join(scratch, 'never')], {}),
    ]);
    expect({ code: intoLive.code, stderr: intoLive.stderr }).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/pglite-live is not empty: .*--overwrite/),
    });
    expect({ code: fromDamaged.code, stderr: fromDamaged.stderr }).toMatchObject({ code: 1, stderr: expect.stringMatching(/checksum mismatch/) });

    const restored = join(scratch, 'pglite-restored');
    expect(succeeded(await runScript('scripts/restore.ts', [file!, '--data-dir', restored], {}))).toMatch(/checksum verified/);
    // Meanwhile --overwrite restores over the old directory, which it moves aside whole.
    const [second, overwrote] = await Promise.all([
      started({ dataDir: restored, chainUrl: stack.anvil.rpcUrl }),
      runScript('scripts/restore.ts', [file!, '--data-dir', live, '--overwrite'], {}),
    ]);
    const aside = /^Moved the directory that was there to (\S+)$/m.exec(succeeded(overwrote))?.[1];
    expect(readdirSync(aside!)).toContain('PG_VERSION');
    expect(readdirSync(live)).toContain('PG_VERSION');
    await expectRestored(second, loaded);
    await second.kill('SIGTERM');
  });
});

describe('pg_dump and pg_restore (docs/deploy.md, "Backups"): PostgreSQL, dumped while its server runs', () => {
  const stack = chainAndDatabase();

  it('restores into a fresh database with the owner and the server role kept apart, and a server on it answers as before', async () => {
    const owner = (url: string) => {
      const u = new URL(url);
      u.username = new URL(postgresUrl()).username;
      return u.toString();
    };
    const first = await started({ databaseUrl: stack.url, chainUrl: stack.anvil.rpcUrl });
    const dump = join(scratch, 'wld-pledge.dump');
    const loaded = await loadAndBackUp(first, stack.anvil.rpcUrl, () =>
      runPg('pg_dump', ['--format=custom', `--file=${dump}`, `--dbname=${owner(stack.url)}`]),
    );
    succeeded(loaded.taken);
    await first.kill('SIGTERM');

    const fresh = `restored_${Date.now()}`;
    const cluster = await connect(postgresUrl());
    await cluster.query(`create database ${fresh}`);
    const freshUrl = Object.assign(new URL(stack.url), { pathname: `/${fresh}` }).toString();
    succeeded(await runPg('pg_restore', ['--exit-on-error', '--single-transaction', `--dbname=${owner(freshUrl)}`, dump]));

    // Before any server migrates (and grants) on it: the tables are the owner's, the server role has the rights it had.
    const db = await connect(owner(freshUrl));
    const {
      rows: [roles],
    } = await db.query<{ others: number; audit_update: boolean; audit_insert: boolean; balances_update: boolean }>(
      `select (select count(*)::int from pg_tables where schemaname = 'public' and tableowner <> current_user) as others,
              has_table_privilege($1, 'public.audit_log', 'UPDATE') as audit_update,
              has_table_privilege($1, 'public.audit_log', 'INSERT') as audit_insert,
              has_table_privilege($1, 'public.balances', 'UPDATE') as balances_update`,
      [TEST_SERVER_ROLE],
    );
    expect(roles).toEqual({ others: 0, audit_update: false, audit_insert: true, balances_update: true });
    await db.end();
    await cluster.end();

    const second = await started({ databaseUrl: freshUrl, chainUrl: stack.anvil.rpcUrl });
    await expectRestored(second, loaded);
    await second.kill('SIGTERM');
  });
});
