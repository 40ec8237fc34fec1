import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Database, openDatabase, rowsOf } from '../db/client';
import { freshDatabaseUrl, testDatabaseUrls } from './harness';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres)('the PostgreSQL pool when the database ends its connections (skipped on PGlite: no connections)', () => {
  let database: Database;
  let admin: pg.Client;
  const lost: Error[] = [];
  beforeEach(async () => {
    lost.length = 0;
    database = await openDatabase({
      ...testDatabaseUrls(await freshDatabaseUrl(process.env.TEST_DATABASE_URL!)),
      onConnectionLost: (error) => lost.push(error),
    });
    admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
  });
  afterEach(async () => {
    await admin.end();
    await database.close();
  });
  /** What a crashed or restarted PostgreSQL does to a connection: a FATAL, then its socket closes. */
  const endBackends = (pids: number[]) => admin.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [pids]);
  const toldOf = async (n: number) => {
    const deadline = Date.now() + 10_000;
    while (lost.length < n) {
      if (Date.now() > deadline) throw new Error(`told of ${lost.length} closed connections within 10 s, not ${n}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  };

  it('outlives its idle connections being ended and answers the next query on a new one', async () => {
    const { db } = database;
    // Three connections opened at once, then idle in the pool.
    const backends = await Promise.all([1, 2, 3].map(() => rowsOf<{ pid: number }>(db, sql`select pg_backend_pid() as pid, pg_sleep(0.05)`)));
    const pids = [...new Set(backends.map(([row]) => row!.pid))];
    expect(pids.length).toBeGreaterThan(1);
    // Unheard, each closed connection's 'error' would end this process (vitest reports an uncaught exception).
    await endBackends(pids);
    await toldOf(pids.length);
    expect(lost.map((e) => (e as Error & { code?: string }).code)).toEqual(pids.map(() => '57P01'));
    const [after] = await rowsOf<{ pid: number }>(db, sql`select pg_backend_pid() as pid`);
    expect(pids).not.toContain(after!.pid);
  });

  it('outlives the connection of an open transaction being ended between two of its statements: the transaction fails, the next query succeeds', async () => {
    const { db } = database;
    let held = 0;
    // A job's transaction waits on something else (the chain, say) with no statement running when the database goes.
    const run = db.transaction(async (tx) => {
      [{ pid: held }] = (await rowsOf<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`)) as [{ pid: number }];
      await endBackends([held]);
      await toldOf(1);
      await tx.execute(sql`select 1`);
    });
    await expect(run).rejects.toThrow();
    const [after] = await rowsOf<{ pid: number }>(db, sql`select pg_backend_pid() as pid`);
    expect(after!.pid).not.toBe(held);
  });
});
