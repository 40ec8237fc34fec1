import { defineConfig } from 'drizzle-kit';

// `npx drizzle-kit generate` writes a new SQL migration from every domain's tables (server/<domain>/tables.ts);
// never edit old ones.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/*/tables.ts',
  out: './server/db/migrations',
});
