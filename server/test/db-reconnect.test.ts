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
      for (;;) {
        const { rows } = await admin.query('select count(*)::int as n from pg_stat_activity where pid = any($1::int[])', [pids]);
        if (rows[0].n === 0) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      const [after] = await rowsOf<{ pid: number }>(db, sql`select pg_backend_pid() as pid`);
      expect(pids).not.toContain(after!.pid);
    } finally {
      await admin.end();
      await database.close();
    }
  });
});
