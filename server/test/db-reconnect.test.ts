import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../db/client';
import { testDatabase } from './harness';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres)('the PostgreSQL pool when the database ends its connections (skipped on PGlite: no connections)', () => {
  it('outlives its idle connections being ended and answers the next query on a new one', async () => {
    const database = await testDatabase();
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      const { db } = database;
      // Three connections opened at once, then idle in the pool.
      const backends = await Promise.all([1, 2, 3].map(() => rowsOf<{ pid: number }>(db, sql`select pg_backend_pid() as pid, pg_sleep(0.05)`)));
      const pids = [...new Set(backends.map(([row]) => row!.pid))];
      expect(pids.length).toBeGreaterThan(1);
      // What a crashed or restarted PostgreSQL does to them: each gets a FATAL and its socket closes. Unheard, that
      // 'error' on the pool would end this process (vitest reports it as an uncaught exception).
      await admin.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [pids]);
      await gone(admin, pids);
      const [after] = await rowsOf<{ pid: number }>(db, sql`select pg_backend_pid() as pid`);
      expect(pids).not.toContain(after!.pid);
    } finally {
      await admin.end();
      await database.close();
    }
  });

  it('outlives the connection of an open transaction being ended between two of its statements: the transaction fails, the next query succeeds', async () => {
    const database = await testDatabase();
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      const { db } = database;
      let held = 0;
      // A job's transaction waits on something else (the chain, say) with no statement running when the database goes.
      const run = db.transaction(async (tx) => {
        [{ pid: held }] = (await rowsOf<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`)) as [{ pid: number }];
        await admin.query('select pg_terminate_backend($1)', [held]);
        await gone(admin, [held]);
        await new Promise((r) => setTimeout(r, 100)); // the FATAL reaches the idle client before its next statement
        await tx.execute(sql`select 1`);
      });
      await expect(run).rejects.toThrow();
      const [after] = await rowsOf<{ pid: number }>(db, sql`select pg_backend_pid() as pid`);
      expect(after!.pid).not.toBe(held);
    } finally {
      await admin.end();
      await database.close();
    }
  });
});

/** Waits until none of `pids` is a backend any more. */
async function gone(admin: pg.Client, pids: number[]) {
  for (;;) {
    const { rows } = await admin.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where pid = any($1::int[])', [pids]);
    if (rows[0]!.n === 0) return;
    await new Promise((r) => setTimeout(r, 20));
  }
}
