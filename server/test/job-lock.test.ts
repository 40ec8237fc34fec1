import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabaseUrl, testDatabase, testDatabaseUrls } from './harness';
import { type Database, openDatabase, rowsOf } from '../db/client';
import { asOnlyRunner } from '../db/job-lock';
import { ADVISORY_LOCKS } from '../db/locks';

const LOCK = ADVISORY_LOCKS.payoutJob;

/** A run that stays inside its work until `end` is called. */
function heldRun(database: Database) {
  let end!: () => void;
  const ended = new Promise<void>((resolve) => (end = resolve));
  let entered!: () => void;
  const inside = new Promise<void>((resolve) => (entered = resolve));
  const run = asOnlyRunner(database.db, LOCK, async () => {
    entered();
    await ended;
    return 'first';
  });
  return { run, inside, end };
}

describe('asOnlyRunner', () => {
  let database: Database;
  beforeAll(async () => {
    database = await testDatabase();
  });
  afterAll(() => database.close());

  it('refuses a second runner in the same process while the first is inside its work, and runs the next one after', async () => {
    const first = heldRun(database);
    await first.inside;
    let secondRan = false;
    expect(await asOnlyRunner(database.db, LOCK, async () => (secondRan = true))).toBeUndefined();
    expect(secondRan).toBe(false);
    first.end();
    expect(await first.run).toBe('first');
    expect(await asOnlyRunner(database.db, LOCK, async () => 'next')).toBe('next');
  });

  it('lets the lock go when the work fails', async () => {
    await expect(asOnlyRunner(database.db, LOCK, async () => Promise.reject(new Error('chain down')))).rejects.toThrow('chain down');
    expect(await asOnlyRunner(database.db, LOCK, async () => 'after')).toBe('after');
  });

  it('runs the work with no transaction open, and the lock taken on its session', async () => {
    // Inside one transaction two statements share one transaction id; outside, each statement has its own.
    const xid = sql`select txid_current()::text as xid`;
    const held = sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and objid = ${LOCK} and pid = pg_backend_pid() and granted`;
    const seen = await asOnlyRunner(database.db, LOCK, async (session) => ({
      xids: new Set((await Promise.all([rowsOf<{ xid: string }>(session, xid), rowsOf<{ xid: string }>(session, xid)])).map(([r]) => r!.xid)).size,
      held: (await rowsOf<{ n: number }>(session, held))[0]!.n,
    }));
    expect(seen).toEqual({ xids: 2, held: 1 });
  });
});

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres)('asOnlyRunner across processes (PostgreSQL: two pools on one database)', () => {
  let processes: Database[] = [];
  beforeAll(async () => {
    const url = await freshDatabaseUrl(process.env.TEST_DATABASE_URL!);
    processes = [await openDatabase(testDatabaseUrls(url)), await openDatabase(testDatabaseUrls(url))];
  });
  afterAll(async () => {
    for (const d of processes) await d.close();
  });

  it("refuses the other process's runner while one holds the lock, and lets it run once the lock is let go", async () => {
    const [one, other] = processes as [Database, Database];
    const first = heldRun(one);
    await first.inside;
    expect(await asOnlyRunner(other.db, LOCK, async () => 'other')).toBeUndefined();
    first.end();
    expect(await first.run).toBe('first');
    expect(await asOnlyRunner(other.db, LOCK, async () => 'other')).toBe('other');
  });

  it('lets the lock go with its session when the database ends that session mid-work', async () => {
    const [one, other] = processes as [Database, Database];
    const run = asOnlyRunner(one.db, LOCK, async (session) => {
      await session.execute(sql`select pg_terminate_backend(pg_backend_pid())`);
      return 'unreachable';
    });
    await expect(run).rejects.toThrow();
    expect(await asOnlyRunner(other.db, LOCK, async () => 'other')).toBe('other');
    expect(await asOnlyRunner(one.db, LOCK, async () => 'one again')).toBe('one again');
  });
});
