import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { Hono } from 'hono';
import { z } from 'zod';
import { runOp } from '../admin/ops';
import { readPhoto } from '../community/photos';
import type { IndexerHold } from '../jobs/indexer-hold';
import { timedStakingRun } from '../jobs/last-run';
import { runStakingJobs } from '../staking/daily';
import { type AdminEnv, adminBodyLimit, bearer, refuse } from './admin-pipeline';
import { serveConsole } from './console-static';
import { CONSOLE_BASE, createConsoleApi } from './routes-console';
import type { Deps } from './route';

export type LocalClock = { advance: (ms: number) => void; offsetMs: () => number; advanceChain: (seconds: number) => Promise<void> };
/**
 * What main.ts adds to the operator app: the local stack's controls (`npm start`, LOCAL_MODE=1: its adjustable clock and
 * the indexer's hold), the embedded database's image for `npm run backup` (Database.image; absent on PostgreSQL), and
 * where the console's export lies.
 */
export type AdminOptions = { localClock?: LocalClock; indexerHold?: IndexerHold; dataDirImage?: () => Promise<Blob>; consoleDir?: string };

const opBody = z.object({ op: z.string().min(1), args: z.array(z.string()).max(64) });
const clockBody = z.object({
  seconds: z
    .number()
    .int()
    .positive()
    .max(10 * 365 * 24 * 3600),
});
const holdBody = z.object({ held: z.boolean() });

/** The console's static export (console/out, `npm run build:console`), served at /console/. */
const CONSOLE_DIR = fileURLToPath(new URL('../../console/out', import.meta.url));

/**
 * Operator endpoints for the CLI while the server owns the database (PGlite is single-process): a Hono app of
 * their own, which main.ts serves on its own port (ADMIN_PORT) on 127.0.0.1 only, so nothing of it is on the
 * public port and no CORS middleware answers a browser's preflight for it. Bearer token (admin-pipeline.ts). The clock
 * route exists only when a local clock is passed in, the indexer's hold only with a hold (`npm start`, LOCAL_MODE=1);
 * /metrics, when the deps carry the process's metrics.
 */
export function createAdminApp(deps: Deps, token: string, { localClock, indexerHold, dataDirImage, consoleDir = CONSOLE_DIR }: AdminOptions = {}): Hono {
  const app = new Hono();
  app.use('*', adminBodyLimit);
  app.route('/admin', cliRoutes(deps, token, { localClock, indexerHold, dataDirImage }));
  const metrics = deps.metrics;
  if (metrics) {
    // Prometheus's scrape (docs/deploy.md, "Metrics"): a bearer token too, METRICS_TOKEN's (read-only) or the admin token.
    const scrape = new Hono<AdminEnv>().get('/', bearer({ metrics: deps.config.metricsToken, admin: token }), async (c) => {
      const { body, contentType } = await metrics.scrape();
      return c.body(body, 200, { 'content-type': contentType, 'cache-control': 'no-store' });
    });
    app.route('/metrics', scrape);
  }
  // The operator's console: its API with a wallet sign-in, cookie and csrf token rather than a bearer token
  // (routes-console.ts), then its static page.
  app.route(CONSOLE_BASE, createConsoleApi(deps, { origin: deps.config.consoleOrigin ?? `http://127.0.0.1:${deps.config.adminPort}` }));
  serveConsole(app, consoleDir);
  app.notFound((c) => refuse(c, 404, 'no such admin route'));
  return app;
}

/** The CLI's routes under /admin (the admin token): ops, photos, the backup, a job run, the local clock and indexer hold. */
function cliRoutes(deps: Deps, token: string, { localClock, indexerHold: hold, dataDirImage }: AdminOptions): Hono<AdminEnv> {
  const app = new Hono<AdminEnv>();
  app.use('*', bearer({ admin: token }));
  app.post('/op', async (c) => {
    const body = opBody.safeParse(await c.req.json().catch(() => null));
    if (!body.success) return refuse(c, 400, 'expected { op, args: string[] }');
    try {
      return c.json({ result: await runOp(deps.db, body.data.op, body.data.args, deps.clock, deps.payments) }, 200);
    } catch (error) {
      return refuse(c, 400, (error as Error).message);
    }
  });
  // An application's office photo (ids from applications.list), read from the database by whichever server answers.
  app.get('/community/photos/:id', async (c) => {
    const photo = /^[0-9a-f]{32}$/.test(c.req.param('id')) ? await readPhoto(deps.db, c.req.param('id')) : undefined;
    if (!photo) return refuse(c, 404, 'no such photo');
    return c.body(new Uint8Array(photo.jpeg), 200, { 'content-type': 'image/jpeg', 'cache-control': 'private, max-age=3600' });
  });
  // `npm run backup`: the embedded database's data directory, consistent while the server runs (db/client.ts), with
  // its SHA-256 so the CLI knows it received every byte.
  app.get('/backup', async (c) => {
    if (!dataDirImage) return refuse(c, 409, 'this server runs on PostgreSQL: back it up with pg_dump (docs/deploy.md, "Backups")');
    const image = new Uint8Array(await (await dataDirImage()).arrayBuffer());
    const sha256 = createHash('sha256').update(image).digest('hex');
    deps.logger?.info({ bytes: image.byteLength, sha256 }, 'Backup: data directory image sent');
    return c.body(image, 200, { 'content-type': 'application/gzip', 'x-backup-sha256': sha256, 'cache-control': 'no-store' });
  });
  app.post('/jobs/run', async (c) =>
    c.json({ result: await timedStakingRun(deps.db, deps.clock, () => runStakingJobs(deps.db, deps.clock), deps.metrics?.jobRun) }),
  );
  if (localClock) {
    app.post('/clock/advance', async (c) => {
      const body = clockBody.safeParse(await c.req.json().catch(() => null));
      if (!body.success) return refuse(c, 400, 'expected { seconds }');
      // The chain first: if it refuses, the server's clock has not moved either.
      await localClock.advanceChain(body.data.seconds);
      localClock.advance(body.data.seconds * 1000);
      const jobs = await timedStakingRun(deps.db, deps.clock, () => runStakingJobs(deps.db, deps.clock), deps.metrics?.jobRun);
      return c.json({ result: { offsetSeconds: localClock.offsetMs() / 1000, now: deps.clock.now().toISOString(), jobs } });
    });
  }
  if (hold) {
    app.post('/indexer/hold', async (c) => {
      const body = holdBody.safeParse(await c.req.json().catch(() => null));
      if (!body.success) return refuse(c, 400, 'expected { held: boolean }');
      await hold.set(body.data.held);
      return c.json({ result: { held: hold.held } });
    });
  }
  return app;
}
