import { defineConfig } from 'vitest/config';

// Server suites: PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (scripts/test-server.sh).
export default defineConfig({
  test: {
    root: '.',
    include: ['server/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['server/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    // The files share one worker's modules instead of importing the server afresh each (docs/decisions.md, 2026-12-03).
    isolate: false,
  },
});
