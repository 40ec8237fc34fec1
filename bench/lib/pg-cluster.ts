// A throwaway PostgreSQL cluster in /tmp, made the way scripts/test-server.sh makes one: initdb, trust auth,
// loopback only, fsync off; stopped and removed by stop().
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { freePort } from '../../scripts/lib/ports';

export type Cluster = { url: string; stop: () => void };

function postgresBin(): string | undefined {
  try {
    const versions = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(a) - Number(b));
    const last = versions.at(-1);
    return last ? `/usr/lib/postgresql/${last}/bin` : undefined;
  } catch {
    return undefined;
  }
}

/** Undefined when no PostgreSQL server is installed here (`apt-get install postgresql` gives one). */
export async function startCluster(): Promise<Cluster | undefined> {
  const bin = postgresBin();
  if (!bin) return undefined;
  const asPostgres = (cmd: string, args: string[]) =>
    process.getuid?.() === 0 ? execFileSync('runuser', ['-u', 'postgres', '--', `${bin}/${cmd}`, ...args], { stdio: 'ignore' }) : execFileSync(`${bin}/${cmd}`, args, { stdio: 'ignore' });
  if (process.getuid?.() === 0) {
    try {
      execFileSync('id', ['postgres'], { stdio: 'ignore' });
    } catch {
      execFileSync('useradd', ['--system', '--no-create-home', 'postgres']);
    }
  }
  const dir = mkdtempSync('/tmp/pgbench.');
  chmodSync(dir, 0o777);
  const port = await freePort();
  asPostgres('initdb', ['-D', `${dir}/data`, '-U', 'postgres', '--auth=trust', '-E', 'UTF8']);
  asPostgres('pg_ctl', ['-D', `${dir}/data`, '-l', `${dir}/log`, '-w', '-o', `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c max_connections=200`, 'start']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => {
      try {
        asPostgres('pg_ctl', ['-D', `${dir}/data`, '-m', 'fast', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
