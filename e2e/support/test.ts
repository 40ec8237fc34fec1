import { test as base } from '@playwright/test';
import { type StackEnv, stackOfWorker } from './stacks';

export { expect } from '@playwright/test';

/**
 * Playwright's `test`, each worker pointed at a stack of its own (e2e/support/global-setup.ts): before its first test a
 * worker sets APP_URL, API_URL, CHAIN_URL and the rest to its stack's, so the specs and helpers, which read them when
 * they run, never share a chain, a database or a clock with the spec running beside them.
 */
export const test = base.extend<object, { stack: StackEnv }>({
  stack: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's dependencies from this pattern.
    async ({}, use, workerInfo) => {
      const stack = stackOfWorker(workerInfo.parallelIndex);
      Object.assign(process.env, stack);
      await use(stack);
    },
    { scope: 'worker', auto: true },
  ],
});
