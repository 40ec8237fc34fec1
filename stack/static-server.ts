import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sirv from 'sirv';

export type StaticServer = { url: string; close: () => Promise<void> };

/** Hashed build assets never change under their name; everything else (the HTML) is checked each time. */
const IMMUTABLE = /\/_next\/static\//;

/**
 * Serves a built export on 127.0.0.1, optionally under a sub-path (as an IPFS gateway's /ipfs/<cid>/ would),
 * as a CDN would: the precompressed .br or .gz (stack/precompress.ts) the browser accepts, and
 * long-lived cache headers on hashed assets.
 */
export async function serveStatic(dir: string, opts: { port?: number; basePath?: string } = {}): Promise<StaticServer> {
  const base = (opts.basePath ?? '/').replace(/\/?$/, '/');
  const files = sirv(dir, {
    dev: false,
    etag: true,
    gzip: true,
    brotli: true,
    extensions: ['html'],
    setHeaders: (res, pathname) => res.setHeader('Cache-Control', IMMUTABLE.test(pathname) ? 'public, max-age=31536000, immutable' : 'no-cache'),
  });
  const server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    if (!url.startsWith(base)) {
      res.statusCode = 404;
      res.end('not found');
      return;
    }
    req.url = '/' + url.slice(base.length);
    files(req, res, () => {
      res.statusCode = 404;
      res.end('not found');
    });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${base}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
