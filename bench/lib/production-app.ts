// The production export (Ethereum mainnet config, no burner wallet) built against a real local API, so the
// home screen shows its banners, notices and levels instead of connection errors while it is measured.
import { LOCAL_API_KEY } from '../../lib/env';
import { buildApp, startThrowawayStack } from '../../scripts/lib/stack';
import { serveStatic } from '../../scripts/lib/static-server';

export const BENCH_APP_DIR = '.run/bench-app';

export async function productionAppWithApi() {
  const stack = await startThrowawayStack('bench', { serveApp: false });
  try {
    buildApp({ NEXT_PUBLIC_API_URL: stack.apiUrl, NEXT_PUBLIC_API_KEY: LOCAL_API_KEY }, BENCH_APP_DIR, true);
    const app = await serveStatic(BENCH_APP_DIR);
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
