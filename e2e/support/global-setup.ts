import { serveStatic } from '../../scripts/lib/static-server';

/** Serves the built export twice: at a host's root and under an IPFS-gateway-style sub-path. */
export default async function globalSetup() {
  const root = await serveStatic('out');
  const sub = await serveStatic('out', { basePath: '/ipfs/bafybeigdyrztexample/' });
  process.env.APP_URL = root.url;
  process.env.APP_SUBPATH_URL = sub.url;
  return async () => {
    await root.close();
    await sub.close();
  };
}
