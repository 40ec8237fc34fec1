import { startThrowawayStack } from '../../stack/stack';
import { serveStatic } from '../../stack/static-server';

/**
 * The real stack on free loopback ports with a fresh embedded database: anvil with the contracts, the API
 * server with its indexer and jobs, demo content, and the app built for it, served at the root and again
 * under an IPFS-gateway-style sub-path.
 */
/** The suite's own build, so a test run never overwrites the out/ that `npm start` serves, or the reverse. */
const E2E_APP_DIR = '.run/e2e-app';
/**
 * How long the suite's app waits for the ledger to show a money movement before it says it is still waiting (lib/timing.ts;
 * 3 minutes in a real build): long enough for the local indexer's 1 s rounds on a busy machine, short enough for
 * settle.spec.ts to reach it with the indexer held.
 */
export const E2E_SETTLEMENT_BOUND_MS = 12_000;

export default async function globalSetup() {
  const stack = await startThrowawayStack('e2e', { outDir: E2E_APP_DIR, appSettings: { NEXT_PUBLIC_SETTLEMENT_BOUND_MS: String(E2E_SETTLEMENT_BOUND_MS) } });
  const sub = await serveStatic(E2E_APP_DIR, { basePath: '/ipfs/bafybeigdyrztexample/' });
  Object.assign(process.env, {
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
  return async () => {
    await sub.close();
    await stack.stop();
  };
}
