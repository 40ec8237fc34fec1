import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { rowsOf } from '../db/client';
import { serverGrants } from '../db/roles';
import { API_KEY, testDatabase } from './harness';

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
