import { defineConfig } from 'drizzle-kit';

// Every domain's tables (server/<domain>/tables.ts). Migrations are written by hand in server/db/migrations/ (drizzle's
// snapshots stop at 0010, so `drizzle-kit generate` would not diff against today's schema); never edit old ones.
// server/test/schema-drift.test.ts holds the tables to the migrations.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/*/tables.ts',
  out: './server/db/migrations',
});
