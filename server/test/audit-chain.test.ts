import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, type Db, rowsOf } from '../db/client';
import { recordAudit } from '../operators/audit';
import { rowHash, verifyAuditChain } from '../operators/audit-chain';
import { manualClock, testDatabase } from './harness';
import { migratedUpTo } from './migrated-up-to';

// The audit log chained by hash (0027_audit_chain.sql) and the server's rights on it (server/db/roles.ts): on PGlite
// the session takes the server's role after migrating; on PostgreSQL (TEST_DATABASE_URL) the tests connect as the
// server's own role, the owner being TEST_DATABASE_URL's.

type Row = { id: number; at: string; recorded_at: string | null; prev_hash: string; hash: string };
const fields = sql`id, to_json(at)#>>'{}' as at, to_json(recorded_at)#>>'{}' as recorded_at, prev_hash, hash`;
const chain = (db: Db) => rowsOf<Row>(db, sql`select ${fields} from audit_log order by id`);
const time = (t: string | null) => new Date(t!).getTime();
/** A failed statement's message with the database's own (drizzle wraps it as the cause). */
const failure = (work: Promise<unknown>) =>
  work.then(
    () => 'done',
    (e: Error & { cause?: Error }) => `${e.message} ${e.cause?.message ?? ''}`,
  );
const clock = manualClock();
const entry = (i: number) => ({
  operator: '0x00000000000000000000000000000000000000aa',
  action: 'test.chain',
  target: `t:${i}`,
  before: { i },
  after: { text: 'a|b\\c\n"d"', amount: 10n ** 24n, i },
});

describe('the audit log chained by hash', () => {
  let database: Database;
  beforeAll(async () => (database = await testDatabase()));
  afterAll(() => database.close());

  it('links every row to the one before it, with the database’s time of insert, and verify recomputes it', async () => {
    for (let i = 0; i < 5; i++) await recordAudit(database.db, entry(i), clock.now());
    const rows = await chain(database.db);
    expect(rows.length).toBeGreaterThanOrEqual(5);
    rows.forEach((r, i) => {
      expect(r.hash).toMatch(/^[0-9a-f]{64}$/);
      expect(r.prev_hash).toBe(i === 0 ? '' : rows[i - 1]!.hash);
      expect(r.recorded_at).not.toBeNull();
    });
    expect(await verifyAuditChain(database.db)).toEqual({
      rows: rows.length,
      head: rows.at(-1)!.hash,
      ok: true,
      firstBreak: null,
      last: { id: rows.at(-1)!.id, hash: rows.at(-1)!.hash, rows: rows.length },
    });
  });

  it('gives a forged id, hash, previous hash and insert time the trigger’s own values; a back-dated row shows its real time', async () => {
    const [head] = (await chain(database.db)).slice(-1);
    const [forged] = await rowsOf<Row>(
      database.db,
      sql`
      insert into audit_log (id, at, operator, action, prev_hash, hash, recorded_at)
      values (1000000, '2020-01-01T00:00:00Z', null, 'forged', 'f00d', 'beef', '2020-01-01T00:00:00Z')
      returning ${fields}`,
    );
    expect(forged!.id).toBe(head!.id + 1);
    expect(forged!.prev_hash).toBe(head!.hash);
    expect(forged!.hash).not.toBe('beef');
    expect(time(forged!.at)).toBe(Date.parse('2020-01-01T00:00:00Z'));
    expect(Math.abs(time(forged!.recorded_at) - Date.now())).toBeLessThan(60_000);
    expect(await verifyAuditChain(database.db)).toMatchObject({ ok: true, head: forged!.hash });
  });

  const refusedToServer = [
    'update audit_log set action = $$x$$',
    'delete from audit_log',
    'truncate audit_log',
    'alter table audit_log disable trigger all',
    'drop trigger audit_log_chain on audit_log',
    'update withdrawal_approvals set signature = $$0x$$',
    'delete from withdrawal_approvals',
    'truncate withdrawal_approvals',
    'alter table withdrawal_approvals disable trigger all',
  ];
  it.each(refusedToServer)('refuses the server’s role: %s', async (statement) => {
    expect(await failure(database.db.execute(sql.raw(statement)))).toMatch(/permission denied|must be owner/);
  });

  it('keeps withdrawal approvals append-only even for the owner', async () => {
    await database.asOwner(async (owner) => {
      expect(await failure(owner.execute(sql`truncate withdrawal_approvals`))).toMatch(/withdrawal_approvals is append-only: TRUNCATE refused/);
    });
  });

  it('stays one chain under twenty audited transactions at once', async () => {
    const before = (await chain(database.db)).length;
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        database.db.transaction(async (tx) => {
          await recordAudit(tx, entry(100 + i), clock.now());
          await tx.execute(sql`select pg_sleep(0.005)`);
          await recordAudit(tx, entry(200 + i), clock.now());
        }),
      ),
    );
    const rows = await chain(database.db);
    expect(rows.length).toBe(before + 40);
    for (let i = 1; i < rows.length; i++) {
      expect(rows[i]!.prev_hash).toBe(rows[i - 1]!.hash);
      if (rows[i - 1]!.recorded_at) expect(time(rows[i]!.recorded_at)).toBeGreaterThanOrEqual(time(rows[i - 1]!.recorded_at));
    }
    expect(await verifyAuditChain(database.db)).toMatchObject({ ok: true, rows: rows.length });
  });
});

describe('an owner who rewrites the audit log is found', () => {
  let database: Database;
  beforeAll(async () => {
    database = await testDatabase();
    for (let i = 0; i < 6; i++) await recordAudit(database.db, entry(i), clock.now());
  });
  afterAll(() => database.close());

  it('at the row changed, and at the row after one removed', async () => {
    const rows = await chain(database.db);
    const changed = rows[2]!.id;
    await database.asOwner(async (owner) => {
      await owner.execute(sql`alter table audit_log disable trigger audit_log_no_change`);
      await owner.execute(sql`update audit_log set after = '{"amount": "1"}' where id = ${changed}`);
    });
    expect(await verifyAuditChain(database.db)).toEqual({ rows: 2, head: rows[1]!.hash, ok: false, firstBreak: { id: changed, reason: 'hash' }, last: null });

    // The row's content put back: whole again. Then a row removed: the one after it no longer links.
    await database.asOwner((owner) =>
      owner.execute(
        sql`update audit_log set after = ${JSON.stringify(entry(2).after, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))}::jsonb where id = ${changed}`,
      ),
    );
    expect(await verifyAuditChain(database.db)).toMatchObject({ ok: true, rows: rows.length });
    await database.asOwner((owner) => owner.execute(sql`delete from audit_log where id = ${rows[4]!.id}`));
    expect(await verifyAuditChain(database.db)).toEqual({
      rows: 4,
      head: rows[3]!.hash,
      ok: false,
      firstBreak: { id: rows[5]!.id, reason: 'prevHash' },
      last: null,
    });
  });

  it('recomputes each hash in Node as the trigger does', async () => {
    const [row] = await rowsOf<Parameters<typeof rowHash>[0] & { hash: string }>(
      database.db,
      sql`
      select id, ((extract(epoch from at) * 1000000)::bigint)::text as "atMicros", ((extract(epoch from recorded_at) * 1000000)::bigint)::text as "recordedMicros",
        operator, action, target, before::text as before, after::text as after, prev_hash as "prevHash", hash from audit_log order by id limit 1`,
    );
    expect(rowHash(row!)).toBe(row!.hash);
  });
});

describe('the rows written before the chain', () => {
  it('are chained by its migration, and the rows after link on', async () => {
    const database = await migratedUpTo('0024');
    try {
      await database.db.execute(sql`insert into audit_log (at, operator, action, target, after) values
        ('2026-01-01T00:00:00.123456Z', null, 'cli:root.add', '0xabc', '{"a": 1}'), (now(), '0xdef', 'login', null, null), (now(), null, 'x|y', 'a\\b', '"s"')`);
      await database.migrateTheRest();
      expect(await verifyAuditChain(database.db)).toMatchObject({ ok: true, rows: 3 });
      const rows = await chain(database.db);
      expect(rows.map((r) => r.recorded_at)).toEqual([null, null, null]);
      await recordAudit(database.db, entry(9), clock.now());
      const after = await chain(database.db);
      expect(after[3]!.prev_hash).toBe(rows[2]!.hash);
      expect(await verifyAuditChain(database.db)).toMatchObject({ ok: true, rows: 4, head: after[3]!.hash });
    } finally {
      await database.close();
    }
  });
});
