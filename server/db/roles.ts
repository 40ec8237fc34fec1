/**
 * The server's rights on PostgreSQL (docs/deploy.md, "Two database roles"). Migrations run as the role that owns
 * the tables; the server runs as a role that owns nothing and may read and write the ordinary tables, but only
 * INSERT and SELECT the append-only ones, so it can neither rewrite their rows nor disable their triggers (only an
 * owner may ALTER a table).
 */

/** The tables whose rows are never changed or removed, by anyone the server is. */
export const APPEND_ONLY_TABLES = ['audit_log', 'withdrawal_approvals'] as const;

/** The role PGlite's server session takes after migrating (PGlite has one session and no logins). */
export const PGLITE_SERVER_ROLE = 'wld_server';

/** A role name as an SQL identifier. */
export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * The grants, run by the owner after every migration (idempotent): every table and sequence of `public` as it is
 * now, then the default privileges for what later migrations create, then the append-only tables' write rights
 * taken back (a migration that adds an append-only table names it in APPEND_ONLY_TABLES).
 */
export function serverGrants(role: string): string[] {
  const r = quoteIdent(role);
  const appendOnly = APPEND_ONLY_TABLES.map((t) => `"public".${quoteIdent(t)}`).join(', ');
  return [
    `GRANT USAGE ON SCHEMA "public" TO ${r}`,
    `GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA "public" TO ${r}`,
    `GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA "public" TO ${r}`,
    `ALTER DEFAULT PRIVILEGES IN SCHEMA "public" GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ${r}`,
    `ALTER DEFAULT PRIVILEGES IN SCHEMA "public" GRANT USAGE, SELECT ON SEQUENCES TO ${r}`,
    `REVOKE UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER ON ${appendOnly} FROM ${r}`,
  ];
}
