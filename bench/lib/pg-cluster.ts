// A throwaway PostgreSQL cluster in /tmp, made the way scripts/test-server.sh makes one: initdb, trust auth,
// loopback only, fsync off; stopped and removed by stop().
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { freePort } from '../../stack/ports';
import { processCpuMs } from './proc-cpu';

/** `cpuMs`: the CPU time the cluster has used so far (the postmaster, its live backends and the ones it reaped). */
export type Cluster = { url: string; cpuMs: () => number; printStatementStats: () => void; stop: () => void };

/** The postmaster's own CPU, its reaped children's, and that of each live child (backends, checkpointer, walwriter…). */
function clusterCpuMs(dataDir: string): number {
  const postmaster = readFileSync(`${dataDir}/postmaster.pid`, 'utf8').split('\n')[0]!.trim();
  const children = readFileSync(`/proc/${postmaster}/task/${postmaster}/children`, 'utf8').trim().split(' ').filter(Boolean);
  // a backend gone before its read counts from the next reading on, in the postmaster's reaped time
  return (processCpuMs(postmaster, true) ?? 0) + children.reduce((sum, pid) => sum + (processCpuMs(pid) ?? 0), 0);
}

function postgresBin(): string | undefined {
  try {
    const versions = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(a) - Number(b));
    const last = versions.at(-1);
    return last ? `/usr/lib/postgresql/${last}/bin` : undefined;
  } catch {
    return undefined;
  }
}

/** The statements that took the cluster's time: calls, mean µs, total ms, WAL bytes per call, the query's start. */
const TOP_STATEMENTS = `select calls, round(total_exec_time::numeric / calls * 1000) as mean_us, round(total_exec_time::numeric) as total_ms,
  round(wal_bytes / calls) as wal_bytes, left(regexp_replace(query, '\\s+', ' ', 'g'), 140) as query
  from pg_stat_statements where query not ilike 'create %' order by total_exec_time desc limit 15`;

/** Undefined when no PostgreSQL server is installed here (`apt-get install postgresql` gives one). */
/** `statementStats`: load pg_stat_statements, for `printStatementStats` (a profiling aid). */
export async function startCluster(statementStats = false): Promise<Cluster | undefined> {
  const bin = postgresBin();
  if (!bin) return undefined;
  const asPostgres = (cmd: string, args: string[]) =>
    process.getuid?.() === 0
      ? execFileSync('runuser', ['-u', 'postgres', '--', `${bin}/${cmd}`, ...args], { stdio: 'ignore' })
      : execFileSync(`${bin}/${cmd}`, args, { stdio: 'ignore' });
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
  asPostgres('pg_ctl', [
    '-D',
    `${dir}/data`,
    '-l',
    `${dir}/log`,
    '-w',
    '-o',
    `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c max_connections=200 ${statementStats ? '-c shared_preload_libraries=pg_stat_statements' : ''}`,
    'start',
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    cpuMs: () => clusterCpuMs(`${dir}/data`),
    printStatementStats: () =>
      execFileSync(
        `${bin}/psql`,
        [`postgres://postgres@127.0.0.1:${port}/postgres`, '-c', 'create extension if not exists pg_stat_statements', '-c', TOP_STATEMENTS],
        { stdio: 'inherit' },
      ),
    stop: () => {
      try {
        asPostgres('pg_ctl', ['-D', `${dir}/data`, '-m', 'fast', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
