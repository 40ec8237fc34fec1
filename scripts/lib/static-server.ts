import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sirv from 'sirv';

export type StaticServer = { url: string; close: () => Promise<void> };

/** Serves a built export on 127.0.0.1, optionally under a sub-path (as an IPFS gateway's /ipfs/<cid>/ would). */
export async function serveStatic(dir: string, opts: { port?: number; basePath?: string } = {}): Promise<StaticServer> {
  const base = (opts.basePath ?? '/').replace(/\/?$/, '/');
  const files = sirv(dir, { dev: false, etag: true, gzip: false, extensions: ['html'] });
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
