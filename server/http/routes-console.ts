import { Hono } from 'hono';
import { CONSOLE_API_PREFIX, CONSOLE_PHOTO_PREFIX, type ConsoleEndpointName } from '../../lib/console-api/contract';
import { readPhoto } from '../community/photos';
import type { Db } from '../db/client';
import { logger } from '../log';
import { type AuditEntry, recordAudit } from '../operators/audit';
import { communityHandlers } from './console/community';
import { contentHandlers } from './console/content';
import type { Handlers } from './console/handler';
import { healthHandlers } from './console/health';
import { reserveHandlers } from './console/reserves';
import { mailHandlers } from './console/mail';
import { memberHandlers } from './console/members';
import { operatorHandlers } from './console/operators';
import {
  type ConsoleEnv,
  SECURITY_HEADERS,
  authenticatedOperator,
  consoleCall,
  consoleLanguage,
  consoleRefusal,
  operatorWithRole,
  parsedInput,
  photoHeaders,
} from './console/pipeline';
import { ConsoleRefusal, notFound } from './console/refusal';
import { ruleHandlers } from './console/rules';
import { sessionHandlers } from './console/session';
import { setConsoleSite } from './console/site';
import { withdrawalHandlers } from './console/withdrawals';
import type { Deps } from './route';

/**
 * The operator console's API (lib/console-api/contract.ts, docs/console.md): POST /console/api/<name>, JSON in,
 * `{ ok, data }` / `{ ok: false, error }` out. A session cookie (HttpOnly, SameSite=Strict, Path=/console) from a
 * Sign-In with Ethereum for the console's own origin, the csrf token in a header on every call but sign-in and `me`,
 * a same-origin check on Origin, the role checked for every endpoint (console/pipeline.ts), and one audit row for
 * every change, written in the change's own transaction. The handlers are in console/, a file per section of the page.
 */

export type ConsoleOptions = { origin: string };

/** Where the console lives on the admin app; its sub-app's paths are relative to it. */
export const CONSOLE_BASE = '/console';
const within = (prefix: string) => prefix.slice(CONSOLE_BASE.length);

/** Every endpoint's handler: the compiler refuses a contract endpoint that no section serves. */
const handlers: Handlers = {
  ...sessionHandlers,
  ...withdrawalHandlers,
  ...mailHandlers,
  ...communityHandlers,
  ...contentHandlers,
  ...ruleHandlers,
  ...memberHandlers,
  ...healthHandlers,
  ...reserveHandlers,
  ...operatorHandlers,
};

/** Endpoints whose domain writes the audit row in the action's own transaction. */
const SELF_AUDITED = new Set<ConsoleEndpointName>([
  'login',
  'logout',
  'approveWithdrawal',
  'addOperator',
  'removeOperator',
  'setOperatorRoles',
  'setApprovalThreshold',
  'confirmAdminGrant',
  'cancelAdminGrant',
  'setCoverageThreshold',
  'setOperatorEmail',
]);

type AnyHandler = ((ctx: unknown, prepared: unknown) => Promise<unknown>) & { prepare?: (input: unknown) => Promise<unknown> };

/**
 * The console as a sub-app (createAdminApp mounts it at /console): /api/<name> and the application photos at
 * /photos/<id>. `origin` is the console's own origin (CONSOLE_ORIGIN), the only site its sign-in names.
 */
export function createConsoleApi(deps: Deps, options: ConsoleOptions): Hono<ConsoleEnv> {
  const origin = new URL(options.origin).origin;
  setConsoleSite(deps, origin);
  const app = new Hono<ConsoleEnv>();
  app.onError(consoleRefusal(deps.logger ?? logger));
  app.use('*', async (c, next) => {
    c.set('language', consoleLanguage(c.req.header('accept-language')));
    await next();
  });

  app.use(`${within(CONSOLE_API_PREFIX)}*`, async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) c.header(name, value);
  });

  app.post(`${within(CONSOLE_API_PREFIX)}:name`, consoleCall(origin), authenticatedOperator(deps), parsedInput, async (c) => {
    const { endpoint, input, session, language } = c.var;
    const operator = c.var.operator?.address;
    const handler = handlers[endpoint.name] as AnyHandler;
    const prepared = await handler.prepare?.(input);
    const run = async (db: Db) => {
      const audits: AuditEntry[] = [];
      const ctx = {
        deps: db === deps.db ? deps : { ...deps, db },
        c,
        input,
        language,
        session,
        operator,
        audit: (entry: Omit<AuditEntry, 'operator' | 'action'> & { action?: string }) =>
          audits.push({ ...entry, operator, action: entry.action ?? endpoint.name }),
      };
      const data = await handler(ctx, prepared);
      if (endpoint.writes && !SELF_AUDITED.has(endpoint.name) && audits.length === 0) audits.push({ operator, action: endpoint.name, after: input });
      for (const entry of audits) await recordAudit(db, entry, deps.clock.now());
      return data;
    };
    // A change and its audit rows commit together or not at all (the self-audited domains open their own).
    const data = endpoint.writes && !SELF_AUDITED.has(endpoint.name) ? await deps.db.transaction((tx) => run(tx)) : await run(deps.db);
    return c.json({ ok: true as const, data }, 200);
  });

  // An application's office photo (applicationDetail.photoUrls): a session that may read applications (support or admin).
  app.get(`${within(CONSOLE_PHOTO_PREFIX)}:id`, photoHeaders, operatorWithRole(deps, ['support']), async (c) => {
    const id = c.req.param('id') ?? '';
    const photo = /^[0-9a-f]{32}$/.test(id) ? await readPhoto(deps.db, id) : undefined;
    if (!photo) throw notFound(id);
    return c.body(new Uint8Array(photo.jpeg), 200, { 'content-type': 'image/jpeg', 'cache-control': 'private, no-store' });
  });
  app.all(`${within(CONSOLE_API_PREFIX)}*`, (c) => {
    throw new ConsoleRefusal('notFound', 'consoleNotFound', { what: `${c.req.method} ${c.req.path}` });
  });
  return app;
}
