import { Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import type { ApiLanguage } from '../../lib/i18n';
import { translate } from '../i18n';
import type { Deps } from './route';
import { authRoutes } from './routes-auth';
import { communityRoutes } from './routes-community';
import { contentRoutes } from './routes-content';
import { emailRoutes } from './routes-email';
import { mailRoutes } from './routes-mail';
import { smtpMailer } from '../email/mailer';
import { ledgerRoutes } from './routes-ledger';
import { rewardRoutes } from './routes-rewards';
import { stakingRoutes } from './routes-staking';
import { userRoutes } from './routes-users';

const MAX_BODY_BYTES = 12 * 1024 * 1024;

/**
 * A body that states its length is checked from the header alone, as bodyLimit itself would; bodyLimit
 * first reads `c.req.raw.body`, which makes @hono/node-server build a web Request, a ReadableStream and an
 * AbortController for every call. Chunked bodies and bodies over the limit still go through bodyLimit.
 */
function sizedBodyFirst(limit: MiddlewareHandler, maxSize: number): MiddlewareHandler {
  return (c, next) => {
    const length = c.req.header('content-length');
    if (length !== undefined && c.req.header('transfer-encoding') === undefined && Number(length) <= maxSize) return next();
    return limit(c, next);
  };
}

/** The API server as a fetch handler: tests call app.request(), main.ts serves it on 127.0.0.1. */
export function createApp(given: Deps): Hono {
  const smtp = given.config.smtp;
  const deps: Deps = { ...given, mailer: given.mailer ?? (smtp ? smtpMailer(smtp.url, smtp.from) : undefined) };
  const app = new Hono();
  const origins = deps.config.corsOrigins;
  app.use('*', cors({ origin: origins.includes('*') ? '*' : origins, allowMethods: ['POST', 'OPTIONS'] }));
  app.use('/api/*', sizedBodyFirst(bodyLimit({ maxSize: MAX_BODY_BYTES }), MAX_BODY_BYTES));
  authRoutes(app, deps);
  contentRoutes(app, deps);
  userRoutes(app, deps);
  ledgerRoutes(app, deps);
  rewardRoutes(app, deps);
  stakingRoutes(app, deps);
  mailRoutes(app, deps);
  emailRoutes(app, deps);
  communityRoutes(app, deps);
  app.get('/health', (c) => c.json({ ok: true }));
  app.notFound((c) => c.json({ status: 0, info: translate('notFound', 'en' satisfies ApiLanguage), data: {} }, 404));
  return app;
}
