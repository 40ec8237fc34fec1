import { readFileSync, readdirSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { openDatabase, rowsOf } from '../db/client';
import { serverGrants } from '../db/roles';
import { API_KEY, freshDatabaseUrl, testDatabase, testDatabaseUrls } from './harness';

// The two roles (docs/deploy.md, "Two database roles"): the server's queries run as a role that owns nothing.
describe('the server’s database role', () => {
  it('is not the owner of any table, on PGlite and on PostgreSQL', async () => {
    const database = await testDatabase();
    try {
      expect(database.roles).toBe('two');
      const owned = await rowsOf<{ tablename: string }>(
        database.db,
        sql`select tablename from pg_tables where schemaname = 'public' and pg_has_role(current_user, tableowner, 'USAGE')`,
      );
      expect(owned).toEqual([]);
      const [me] = await rowsOf<{ superuser: boolean }>(database.db, sql`select rolsuper as superuser from pg_roles where rolname = current_user`);
      expect(me!.superuser).toBe(false);
    } finally {
      await database.close();
    }
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('lets servers started together migrate one database, one after another', async () => {
    const twoRoles = testDatabaseUrls(await freshDatabaseUrl(process.env.TEST_DATABASE_URL!));
    const oneRole = { databaseUrl: twoRoles.migrationUrl };
    for (const urls of [twoRoles, oneRole]) {
      const opened = await Promise.allSettled(Array.from({ length: 4 }, () => openDatabase(urls)));
      const databases = opened.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : []));
      try {
        expect(opened.filter((o) => o.status === 'rejected')).toEqual([]);
        const [applied] = await databases[0]!.asOwner((owner) =>
          rowsOf<{ n: number }>(owner, sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
        );
        expect(applied!.n).toBe(readdirSync(new URL('../db/migrations', import.meta.url)).filter((f) => f.endsWith('.sql')).length);
      } finally {
        await Promise.all(databases.map((d) => d.close()));
      }
    }
  });

  it('has the grants docs/deploy.md gives the DBA', () => {
    const deploy = readFileSync('docs/deploy.md', 'utf8');
    for (const statement of serverGrants('wld_server')) expect(deploy).toContain(`${statement};`);
  });

  it('takes MIGRATION_DATABASE_URL only beside DATABASE_URL', () => {
    expect(() => loadConfig({ API_KEY, NODE_ENV: 'test', MIGRATION_DATABASE_URL: 'postgres://owner@127.0.0.1/wld' })).toThrow(
      /MIGRATION_DATABASE_URL: needs DATABASE_URL/,
    );
    expect(
      loadConfig({ API_KEY, NODE_ENV: 'test', DATABASE_URL: 'postgres://server@127.0.0.1/wld', MIGRATION_DATABASE_URL: 'postgres://owner@127.0.0.1/wld' })
        .migrationDatabaseUrl,
    ).toBe('postgres://owner@127.0.0.1/wld');
  });
});
