import { Hono } from 'hono';
import type { ApiLanguage } from '../../lib/i18n';
import { IssuedChallenges } from '../auth/issued-challenges';
import { translate } from '../i18n';
import { apiCors } from './cors';
import { createMemberApi, memberRefusal } from './member-api';
import type { Deps } from './route';
import { authRoutes } from './routes-auth';
import { communityRoutes } from './routes-community';
import { contentRoutes } from './routes-content';
import { emailRoutes } from './routes-email';
import { mailRoutes } from './routes-mail';
import { smtpMailer } from '../email/mailer';
import { RATE_LIMIT_NAMES, createRateLimits } from './rate-limits';
import { ledgerRoutes } from './routes-ledger';
import { rewardRoutes } from './routes-rewards';
import { stakingRoutes } from './routes-staking';
import { userRoutes } from './routes-users';

/** The API server as a fetch handler: tests call app.request(), main.ts serves it on 127.0.0.1. */
export function createApp(given: Deps): Hono {
  const smtp = given.config.smtp;
  const deps: Deps = {
    ...given,
    mailer: given.mailer ?? (smtp ? smtpMailer(smtp.url, smtp.from) : undefined),
    limits: given.limits ?? createRateLimits(given.db, given.config.rateLimitFactor, given.metrics?.rateLimitRefusals(RATE_LIMIT_NAMES)),
    issued: given.issued ?? new IssuedChallenges(given.config.nonceTtlSeconds),
  };
  const app = new Hono();
  const origins = deps.config.corsOrigins;
  // CORS for the API alone: nothing else on this port answers a browser's preflight (the admin app has its own port).
  app.use('/api/*', apiCors(origins));
  // Body limits are per endpoint (route.ts): small for envelope calls, the photo's size on the upload.
  const api = createMemberApi(deps.logger);
  for (const routes of [authRoutes, contentRoutes, userRoutes, ledgerRoutes, rewardRoutes, stakingRoutes, mailRoutes, emailRoutes, communityRoutes])
    routes(api, deps);
  app.route('/', api);
  app.get('/health', (c) => c.json({ ok: true }));
  app.onError(memberRefusal(deps.logger));
  app.notFound((c) => c.json({ status: 0, info: translate('notFound', 'en' satisfies ApiLanguage), data: {} }, 404));
  return app;
}
