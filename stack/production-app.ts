// The production export (Ethereum mainnet config, no burner wallet) built against a real local API, so the
// home screen shows its banners, notices and levels instead of connection errors while it is measured.
import { LOCAL_VAULT } from '../abi';
import { LOCAL_API_KEY } from '../lib/env';
import { buildApp, startThrowawayStack } from './stack';
import { serveStatic } from './static-server';

export const BENCH_APP_DIR = '.run/bench-app';

/** The export in `dir`, built with `buildEnv` on top of the API's settings (source maps, say), and served. */
export async function productionAppWithApi(dir = BENCH_APP_DIR, buildEnv: Record<string, string> = {}) {
  const stack = await startThrowawayStack('bench', { serveApp: false });
  try {
    await buildApp({ NEXT_PUBLIC_API_URL: stack.apiUrl, NEXT_PUBLIC_API_KEY: LOCAL_API_KEY, NEXT_PUBLIC_VAULT_ADDRESS: LOCAL_VAULT, ...buildEnv }, dir, true);
    const app = await serveStatic(dir);
    return {
      url: app.url,
      stop: async () => {
        await app.close();
        await stack.stop();
      },
    };
  } catch (error) {
    await stack.stop();
    throw error;
  }
}
