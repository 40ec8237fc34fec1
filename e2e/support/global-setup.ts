import type { FullConfig } from '@playwright/test';
import { type Stack, startThrowawayStack } from '../../stack/stack';
import { serveStatic } from '../../stack/static-server';
import { type StackEnv, publishStacks } from './stacks';

/**
 * How long the suite's app waits for the ledger to show a money movement before it says it is still waiting (lib/timing.ts;
 * 3 minutes in a real build): long enough for the local indexer's 1 s rounds on a busy machine, short enough for
 * settle.spec.ts to reach it with the indexer held.
 */
export const E2E_SETTLEMENT_BOUND_MS = 12_000;

/**
 * One real stack per worker, on free loopback ports, each with a fresh embedded database: anvil with the contracts, the
 * API server with its indexer and jobs, demo content, and the app built for it (into a folder of its own, so a test run
 * never overwrites the out/ that `npm start` serves), served at the root and again under an IPFS-gateway-style
 * sub-path. The stacks start side by side, but each one's app only once the stack before it is up: Next's build lock
 * refuses a second `next build` in the project while one runs, whatever its distDir (docs/decisions.md), and the later
 * stacks copy the first one's export with their own URLs instead of building it again (stack/rebased-export.ts).
 */
export default async function globalSetup(config: FullConfig) {
  const outDirs = Array.from({ length: config.workers }, (_, worker) => `.run/e2e-app-${worker}`);
  const appSettings = { NEXT_PUBLIC_SETTLEMENT_BOUND_MS: String(E2E_SETTLEMENT_BOUND_MS) };
  const starting: Promise<Stack>[] = [];
  for (const [worker, outDir] of outDirs.entries()) starting.push(startThrowawayStack('e2e', { outDir, appSettings, appAfter: starting[worker - 1] }));
  const settled = await Promise.allSettled(starting);
  const up = settled.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const stops: (() => Promise<void>)[] = up.map((stack) => () => stack.stop());
  const stacks: StackEnv[] = [];
  try {
    const failed = settled.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    for (const [worker, stack] of up.entries()) {
      const sub = await serveStatic(outDirs[worker]!, { basePath: '/ipfs/bafybeigdyrztexample/' });
      stops.push(() => sub.close());
      stacks.push({
        APP_URL: stack.appUrl,
        APP_SUBPATH_URL: sub.url,
        API_URL: stack.apiUrl,
        CHAIN_URL: stack.chainUrl,
        CHAIN_ID: String(stack.chainId),
        ADMIN_URL: stack.adminUrl,
        CONSOLE_URL: stack.consoleUrl,
        ADMIN_TOKEN: stack.adminToken,
        MAIL_URL: stack.mailUrl,
      });
    }
  } catch (error) {
    for (const stop of stops.reverse()) await stop();
    throw error;
  }
  publishStacks(stacks);
  return async () => {
    for (const stop of stops.reverse()) await stop();
  };
}
