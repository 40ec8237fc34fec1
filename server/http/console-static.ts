import { existsSync } from 'node:fs';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import { consolePolicyOf } from './console-csp';

/**
 * The console's page as an operator's browser gets it: no framing, scripts and styles from this origin
 * and the export's own inline elements by hash (consolePolicy), the API on the same origin, no referrer leaving it.
 */
export const CONSOLE_PAGE_HEADERS: Record<string, string> = {
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

/**
 * Serves the console's static export (`npm run build:console`, console/out) at /console/ on the admin app. Its
 * API (/console/api/*) is registered before this and is never answered from files. Hashed assets are cached for
 * a year, the HTML revalidated.
 */
export function serveConsole(app: Hono, dir: string) {
  const policy = consolePolicyOf(dir);
  app.use('/console/*', async (c, next) => {
    if (c.req.path.startsWith('/console/api/')) return next();
    await next();
    c.header('content-security-policy', policy((c.res.headers.get('content-type') ?? '').startsWith('text/html')));
    for (const [name, value] of Object.entries(CONSOLE_PAGE_HEADERS)) c.header(name, value);
    c.header('cache-control', c.req.path.startsWith('/console/_next/static/') ? 'public, max-age=31536000, immutable' : 'no-cache');
  });
  app.get('/console', (c) => c.redirect('/console/', 308));
  const files = serveStatic({ root: dir, precompressed: true, rewriteRequestPath: (path) => path.replace(/^\/console/, '') || '/' });
  app.get('/console/*', (c, next) => (c.req.path.startsWith('/console/api/') ? next() : files(c, next)));
  app.get('/console/*', (c) => c.text(existsSync(dir) ? 'not found' : 'console not built: npm run build:console', 404));
}
