import { defineConfig } from 'vitest/config';

// The reliability suite (scripts/test-reliability.sh): real server processes on the PostgreSQL of
// TEST_DATABASE_URL, one file at a time (they start processes and chains of their own).
export default defineConfig({
  test: {
    root: '.',
    include: ['reliability/**/*.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    // The files share one worker's modules, as the server suites do (docs/decisions.md, 2026-12-03 and 2026-12-04).
    isolate: false,
  },
});
