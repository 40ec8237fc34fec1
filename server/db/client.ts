import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { ADVISORY_LOCKS } from './locks';
import { PGLITE_SERVER_ROLE, quoteIdent, serverGrants } from './roles';

/** No relational schema: queries name each domain's tables (server/<domain>/tables.ts) themselves. */
export type Db = PgDatabase<PgQueryResultHKT>;
/** The handle inside `db.transaction(async (tx) => …)`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either: for queries that run alone or inside the caller's transaction. */
export type Queryable = Db | Tx;
/**
 * An open database; `migrate` applies a migrations folder's journal (the current schema's when none is named) as the
 * owner and then grants the server's role its rights (server/db/roles.ts). `roles`: 'two' when the server's queries
 * run as a role that owns nothing (PGlite after migrating, PostgreSQL with a migration URL), 'one' when they run as
 * the tables' owner. `asOwner` runs a few statements as the owner (tests, and what only an owner may do).
 */
export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  roles: 'one' | 'two';
  migrate: (folder?: string) => Promise<void>;
  asOwner: <T>(work: (owner: Db) => Promise<T>) => Promise<T>;
  /** PGlite only: a consistent image of the data directory while the server runs (a gzipped tarball; dataDirImage below). */
  image?: () => Promise<Blob>;
  close: () => Promise<void>;
};

/** The current schema's migrations (drizzle-kit's output, drizzle.config.ts). */
export const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * PostgreSQL when a URL is given, otherwise embedded PGlite (in memory when dataDir is undefined), started from
 * `pgliteImage` when given (a data directory from migratedPgliteImage).
 * Migrations run on open, so a fresh database is always at the current schema (or at the journal of
 * `migrationsFolder`, which the tests of a migration name to stop before it). On PostgreSQL they run as the role of
 * `migrationUrl` (the tables' owner) when given, and the server's queries as the role of `databaseUrl`; without
 * it both are `databaseUrl`'s role (one-role mode: the server could then rewrite the audit log).
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  migrationUrl?: string;
  dataDir?: string;
  pgliteImage?: Blob;
  migrationsFolder?: string;
  /** Told of each PostgreSQL connection the database closed (a crash, a restart, an ended backend); the pool replaces it. */
  onConnectionLost?: (error: Error) => void;
}): Promise<Database> {
  if (opts.dataDir) mkdirSync(opts.dataDir, { recursive: true });
  const database = opts.databaseUrl
    ? postgres(opts.databaseUrl, opts.migrationUrl, opts.onConnectionLost)
    : pglite(new PGlite({ dataDir: opts.dataDir, loadDataDir: opts.pgliteImage }));
  await database.migrate(opts.migrationsFolder);
  return database;
}

/** How `withSession` finds a session of its own for each database handle openDatabase made. */
const sessions = new WeakMap<Db, <T>(work: (session: Db) => Promise<T>) => Promise<T>>();

/**
 * `work` on one database session of its own, for what must stay on one session between statements (a session-level
 * advisory lock) while no transaction is open. On PostgreSQL a pool connection reserved for it: one that `work` left
 * in an error is closed rather than reused, so whatever the session still held ends with it. PGlite is one session,
 * the handle's own, shared with every other query of the process.
 */
export function withSession<T>(db: Db, work: (session: Db) => Promise<T>): Promise<T> {
  const reserve = sessions.get(db);
  if (!reserve) throw new Error('withSession: a database handle openDatabase did not make');
  return reserve(work);
}

function postgres(url: string, migrationUrl: string | undefined, onConnectionLost: (error: Error) => void = () => {}): Database {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // A connection the database drops (it crashed, restarted or ended the backend) is an 'error' on its client, and on
  // the pool as well while it sits idle there: unheard, either ends the process. The pool lets that connection go
  // (an idle one at once, one a transaction holds when it is released) and opens a new one for the next query, so
  // the server carries on: queries fail while the database is away, then succeed again.
  pool.on('connect', (client) => client.on('error', onConnectionLost));
  pool.on('error', () => {}); // told by the client's own listener above
  const db = drizzlePg(pool);
  sessions.set(db, async (work) => {
    const client = await pool.connect();
    let failed: Error | undefined;
    try {
      return await work(drizzlePg(client));
    } catch (error) {
      failed = error instanceof Error ? error : new Error(String(error));
      throw error;
    } finally {
      client.release(failed);
    }
  });
  if (!migrationUrl) {
    const migrate = (folder = migrationsFolder) =>
      withSession(db, (session) => oneMigratorAtATime(session, () => migratePg(session as Parameters<typeof migratePg>[0], { migrationsFolder: folder })));
    return {
      db,
      kind: 'postgres',
      roles: 'one',
      migrate,
      asOwner: (work) => work(db),
      close: () => pool.end(),
    };
  }
  const asOwner = async <T>(work: (owner: Db) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: migrationUrl });
    await client.connect();
    try {
      return await work(drizzlePg(client));
    } finally {
      await client.end();
    }
  };
  const migrate = async (folder = migrationsFolder) => {
    const [server] = await rowsOf<{ role: string }>(db, sql`select current_user as role`);
    await asOwner((owner) =>
      oneMigratorAtATime(owner, async () => {
        await migratePg(owner as Parameters<typeof migratePg>[0], { migrationsFolder: folder });
        for (const grant of serverGrants(server!.role)) await owner.execute(sql.raw(grant));
      }),
    );
  };
  return { db, kind: 'postgres', roles: 'two', migrate, asOwner, close: () => pool.end() };
}

/**
 * `work` while `session` holds the migration lock, waiting for it: servers started together against one database take
 * turns, so the second finds the journal applied, and their GRANTs never update the same catalog row at once (which
 * PostgreSQL refuses with 'tuple concurrently updated'). A session lock, as drizzle's migrator opens its own
 * transaction; it ends with the session if the process dies.
 */
async function oneMigratorAtATime(session: Db, work: () => Promise<void>): Promise<void> {
  await session.execute(sql`select pg_advisory_lock(${ADVISORY_LOCKS.migration})`);
  try {
    await work();
  } finally {
    await session.execute(sql`select pg_advisory_unlock(${ADVISORY_LOCKS.migration})`);
  }
}

function pglite(client: PGlite): Database {
  const db = drizzlePglite(client);
  sessions.set(db, (work) => work(db));
  // PGlite is one session as its superuser: it migrates as that, then takes the server's role for the session, so
  // the product's own statements run with the server's rights here too.
  const asOwner = async <T>(work: (owner: Db) => Promise<T>): Promise<T> => {
    await client.exec('RESET ROLE');
    try {
      return await work(db);
    } finally {
      await client.exec(`SET ROLE ${quoteIdent(PGLITE_SERVER_ROLE)}`);
    }
  };
  const migrate = (folder = migrationsFolder) =>
    asOwner(async () => {
      await migratePglite(db, { migrationsFolder: folder });
      await client.exec(`DO $$ BEGIN CREATE ROLE ${quoteIdent(PGLITE_SERVER_ROLE)} NOLOGIN; EXCEPTION WHEN duplicate_object THEN NULL; END $$`);
      for (const grant of serverGrants(PGLITE_SERVER_ROLE)) await client.exec(grant);
    });
  return { db, kind: 'pglite', roles: 'two', migrate, asOwner, image: () => dataDirImage(client), close: () => client.close() };
}

/**
 * The data directory as a gzipped tarball, taken inside a transaction of its own: PGlite runs one transaction at a
 * time, so no other is half done while the files are read; a checkpoint first writes every committed page, so the
 * image opens without replaying WAL (docs/decisions.md, 2026-12-02). CHECKPOINT needs the superuser, whom the
 * transaction alone takes (SET LOCAL), so the session's server role is back when it ends.
 */
function dataDirImage(client: PGlite): Promise<Blob> {
  return client.transaction(async (tx) => {
    await tx.exec('SET LOCAL ROLE NONE');
    await tx.exec('CHECKPOINT');
    return client.dumpDataDir('gzip');
  });
}

/**
 * A freshly migrated in-memory PGlite's data directory, as a tarball. The server tests open their databases from
 * one made per run (server/test/global-setup.ts), so no test file runs the migrations again.
 */
export async function migratedPgliteImage(): Promise<Blob> {
  const client = new PGlite();
  try {
    await pglite(client).migrate();
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

/** The rows of a raw query: both drivers (node-postgres and PGlite) answer `{ rows }`, which the shared type leaves unknown. */
export async function rowsOf<T>(db: Queryable, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * A statement built once per database handle (the hot paths' queries): drizzle builds its SQL once, and on
 * PostgreSQL a named statement is parsed once per connection instead of on every request.
 */
export function preparedPerDb<T>(build: (db: Db) => T): (db: Db) => T {
  const made = new WeakMap<Db, T>();
  return (db) => {
    let statement = made.get(db);
    if (!statement) made.set(db, (statement = build(db)));
    return statement;
  };
}

const dialect = new PgDialect();

/**
 * A raw statement (`sql` with `sql.placeholder` values) prepared as preparedPerDb prepares the query builder's:
 * on PostgreSQL a named statement, parsed once per connection and, after its first executions, run on a cached
 * plan, where an unnamed one is parsed and planned on every call (a long statement's planning can cost more than
 * running it).
 */
export function preparedRows<T>(name: string, query: SQL): (db: Db) => { rows: (values: Record<string, unknown>) => Promise<T[]> } {
  return preparedPerDb((db) => {
    const statement = db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false);
    return { rows: async (values) => ((await statement.execute(values)) as unknown as { rows: T[] }).rows };
  });
}
