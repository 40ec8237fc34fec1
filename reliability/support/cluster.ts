import { execFile } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../../stack/ports';
import { connect } from './postgres';

const run = promisify(execFile);

/** The PostgreSQL binaries scripts/lib/pg-cluster.sh found (PG_BIN), else the newest Debian install. */
function pgBin(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const versions = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(a) - Number(b));
  if (versions.length === 0) throw new Error('no PostgreSQL under /usr/lib/postgresql');
  return `/usr/lib/postgresql/${versions.at(-1)}/bin`;
}

export type OwnCluster = {
  /** The superuser's URL (the tables' owner), as TEST_DATABASE_URL is for the suite's shared cluster. */
  url: string;
  /** The postmaster's pid, from postmaster.pid. */
  postmasterPid: () => number;
  /** SIGKILL to the postmaster alone, as a crash or the OOM killer would; its backends notice and exit. */
  kill: () => Promise<void>;
  /** Starts it again on the same data directory and port; resolves once crash recovery is done and it accepts connections. */
  start: () => Promise<void>;
  stop: () => Promise<void>;
};

/**
 * A throwaway cluster of the test's own, durable as production runs it: fsync, synchronous_commit and
 * full_page_writes on (the suite's shared cluster runs with fsync off, for speed). As root it runs as `postgres`,
 * as scripts/lib/pg-cluster.sh does.
 */
export async function ownCluster(): Promise<OwnCluster> {
  const bin = pgBin();
  const asPostgres = process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--'] : [];
  const pg = (tool: string, args: string[]) => {
    const [command, ...rest] = [...asPostgres, join(bin, tool), ...args];
    return run(command!, rest, { timeout: 60_000 });
  };
  const dir = mkdtempSync('/tmp/pgkill.');
  chmodSync(dir, 0o777);
  const data = join(dir, 'data');
  const port = await freePort();
  await pg('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8']);
  const options = `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=on -c synchronous_commit=on -c full_page_writes=on -c max_connections=100`;
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const postmasterPid = () => Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const startOnce = () => pg('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-w', '-t', '30', '-o', options, 'start']);

  const cluster: OwnCluster = {
    url,
    postmasterPid,
    kill: async () => {
      const pid = postmasterPid();
      process.kill(pid, 'SIGKILL');
      while (alive(pid)) await new Promise((r) => setTimeout(r, 20));
    },
    // Until the killed postmaster's backends have all exited, the old shared memory is in use and a new
    // postmaster refuses to start: try again until it starts, within 30 s.
    start: async () => {
      const deadline = Date.now() + 30_000;
      for (;;) {
        try {
          await startOnce();
          return;
        } catch (error) {
          if (Date.now() > deadline)
            throw new Error(`PostgreSQL did not start again: ${(error as Error).message}\n${readFileSync(join(dir, 'log'), 'utf8').slice(-2000)}`, {
              cause: error,
            });
          await new Promise((r) => setTimeout(r, 200));
        }
      }
    },
    stop: async () => {
      await pg('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']).catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await cluster.start();
  return cluster;
}

/** What the cluster says its durability settings are. */
export async function durability(url: string): Promise<Record<string, string>> {
  const client = await connect(url);
  try {
    const { rows } = await client.query<{ name: string; setting: string }>(
      `select name, setting from pg_settings where name in ('fsync', 'synchronous_commit', 'full_page_writes')`,
    );
    return Object.fromEntries(rows.map((r) => [r.name, r.setting]));
  } finally {
    await client.end();
  }
}

/** Whether `pid` still runs (a zombie no reaper collected has exited). */
function alive(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] !== 'Z';
  } catch {
    return false;
  }
}
