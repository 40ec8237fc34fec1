import { createHash, timingSafeEqual } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { runOp } from '../admin/ops';
import { readPhoto } from '../community/photos';
import { timedStakingRun } from '../jobs/last-run';
import { runStakingJobs } from '../staking/daily';
import { serveConsole } from './console-static';
import { CONSOLE_BASE, createConsoleApi } from './routes-console';
import type { Deps } from './route';

export type LocalClock = { advance: (ms: number) => void; offsetMs: () => number; advanceChain: (seconds: number) => Promise<void> };
/**
 * What main.ts adds to the operator app: the local stack's clock (`npm start`), the embedded database's image for
 * `npm run backup` (Database.image; absent on PostgreSQL), and where the console's export lies.
 */
export type AdminOptions = { localClock?: LocalClock; dataDirImage?: () => Promise<Blob>; consoleDir?: string };

const opBody = z.object({ op: z.string().min(1), args: z.array(z.string()).max(64) });
const clockBody = z.object({ seconds: z.number().int().positive().max(10 * 365 * 24 * 3600) });

function authorised(c: Context, ...tokens: (string | undefined)[]): boolean {
  const given = Buffer.from(c.req.header('authorization')?.replace(/^Bearer /, '') ?? '');
  return tokens.some((token) => {
    const expected = Buffer.from(token ?? '');
    return token !== undefined && given.length === expected.length && timingSafeEqual(given, expected);
  });
}

/** The console's static export (console/out, `npm run build:console`), served at /console/. */
const CONSOLE_DIR = fileURLToPath(new URL('../../console/out', import.meta.url));

/**
 * Operator endpoints for the CLI while the server owns the database (PGlite is single-process): a Hono app of
 * their own, which main.ts serves on its own port (ADMIN_PORT) on 127.0.0.1 only, so nothing of it is on the
 * public port and no CORS middleware answers a browser's preflight for it. Bearer token. The clock route exists
 * only when a local clock is passed in (`npm start`); /metrics, when the deps carry the process's metrics.
 */
export function createAdminApp(deps: Deps, token: string, { localClock, dataDirImage, consoleDir = CONSOLE_DIR }: AdminOptions = {}): Hono {
  const app = new Hono();
  // Room for an agreement or a notice in five languages; an operator's call, never a file.
  app.use('*', bodyLimit({ maxSize: 1024 * 1024, onError: (c) => c.json({ error: 'body over 1 MiB' }, 413) }));
  app.use('/admin/*', async (c, next) => {
    if (!authorised(c, token)) return c.json({ error: 'unauthorised' }, 401);
    await next();
  });
  app.post('/admin/op', async (c) => {
    const body = opBody.safeParse(await c.req.json().catch(() => null));
    if (!body.success) return c.json({ error: 'expected { op, args: string[] }' }, 400);
    try {
      return c.json({ result: await runOp(deps.db, body.data.op, body.data.args, deps.clock, deps.payments) }, 200);
    } catch (error) {
      return c.json({ error: (error as Error).message }, 400);
    }
  });
  // An application's office photo (ids from applications.list), read from the database by whichever server answers.
  app.get('/admin/community/photos/:id', async (c) => {
    const photo = /^[0-9a-f]{32}$/.test(c.req.param('id')) ? await readPhoto(deps.db, c.req.param('id')) : undefined;
    if (!photo) return c.json({ error: 'no such photo' }, 404);
    return c.body(new Uint8Array(photo.jpeg), 200, { 'content-type': 'image/jpeg', 'cache-control': 'private, max-age=3600' });
  });
  // `npm run backup`: the embedded database's data directory, consistent while the server runs (db/client.ts), with
  // its SHA-256 so the CLI knows it received every byte.
  app.get('/admin/backup', async (c) => {
    if (!dataDirImage) return c.json({ error: 'this server runs on PostgreSQL: back it up with pg_dump (docs/deploy.md, "Backups")' }, 409);
    const image = new Uint8Array(await (await dataDirImage()).arrayBuffer());
    const sha256 = createHash('sha256').update(image).digest('hex');
    deps.logger?.info({ bytes: image.byteLength, sha256 }, 'Backup: data directory image sent');
    return c.body(image, 200, { 'content-type': 'application/gzip', 'x-backup-sha256': sha256, 'cache-control': 'no-store' });
  });
  app.post('/admin/jobs/run', async (c) => c.json({ result: await timedStakingRun(deps.db, deps.clock, () => runStakingJobs(deps.db, deps.clock), deps.metrics?.jobRun) }));
  if (localClock) {
    app.post('/admin/clock/advance', async (c) => {
      const body = clockBody.safeParse(await c.req.json().catch(() => null));
      if (!body.success) return c.json({ error: 'expected { seconds }' }, 400);
      // The chain first: if it refuses, the server's clock has not moved either.
      await localClock.advanceChain(body.data.seconds);
      localClock.advance(body.data.seconds * 1000);
      const jobs = await timedStakingRun(deps.db, deps.clock, () => runStakingJobs(deps.db, deps.clock), deps.metrics?.jobRun);
      return c.json({ result: { offsetSeconds: localClock.offsetMs() / 1000, now: deps.clock.now().toISOString(), jobs } });
    });
  }
  const metrics = deps.metrics;
  if (metrics) {
    // Prometheus's scrape (docs/deploy.md, "Metrics"): a bearer token too, METRICS_TOKEN's (read-only) or the admin token.
    app.get('/metrics', async (c) => {
      if (!authorised(c, deps.config.metricsToken, token)) return c.json({ error: 'unauthorised' }, 401);
      const { body, contentType } = await metrics.scrape();
      return c.body(body, 200, { 'content-type': contentType, 'cache-control': 'no-store' });
    });
  }
  // The operator's console (issue 34): its API with a wallet sign-in, cookie and csrf token, no bearer token
  // (routes-console.ts), then its static page. The /admin/* routes above are the CLI's, unchanged.
  app.route(CONSOLE_BASE, createConsoleApi(deps, { origin: deps.config.consoleOrigin ?? `http://127.0.0.1:${deps.config.adminPort}` }));
  serveConsole(app, consoleDir);
  app.notFound((c) => c.json({ error: 'no such admin route' }, 404));
  return app;
}
