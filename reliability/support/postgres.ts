import pg from 'pg';

/** A plain connection of the test's own, for what the server must not see: a held lock, pg_locks, pg_stat_activity. */
export async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

export type LockHolder = { pid: number; waiting: boolean; blockedBy: number[]; query: string };

/**
 * The backend holding advisory lock `key` (a job's, for its transaction or its session), with what it does now:
 * whether it waits for a lock, and on which backends.
 */
export async function advisoryHolder(client: pg.Client, key: number): Promise<LockHolder | undefined> {
  const { rows } = await client.query<{ pid: number; wait_event_type: string | null; blocked_by: number[]; query: string }>(
    `select a.pid, a.wait_event_type, pg_blocking_pids(a.pid) as blocked_by, a.query
     from pg_locks l join pg_stat_activity a on a.pid = l.pid
     where l.locktype = 'advisory' and l.objid = $1 and l.granted and l.database = (select oid from pg_database where datname = current_database())`,
    [key],
  );
  const row = rows[0];
  return row && { pid: row.pid, waiting: row.wait_event_type === 'Lock', blockedBy: row.blocked_by, query: row.query };
}
