import { timingSafeEqual } from 'node:crypto';
import type { Context, Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import type { Address } from 'viem';
import type { z } from 'zod';
import { CONSOLE_API_PREFIX, CONSOLE_COOKIE, CONSOLE_CSRF_HEADER, CONSOLE_PHOTO_PREFIX, type ConsoleEndpointName, consoleEndpoints } from '../../lib/console-api/contract';
import * as inputs from '../../lib/console-api/inputs';
import type { Role } from '../../lib/console-api/inputs';
import type { ApiLanguage } from '../../lib/i18n';
import { readPhoto } from '../community/photos';
import type { Db } from '../db/client';
import { translate } from '../i18n';
import { logger } from '../log';
import { type AuditEntry, recordAudit } from '../operators/audit';
import { hasRole } from '../operators/operators';
import { type ConsoleSession, consoleSession } from '../operators/sessions';
import { communityHandlers } from './console/community';
import { contentHandlers } from './console/content';
import type { Handlers } from './console/handler';
import { healthHandlers } from './console/health';
import { reserveHandlers } from './console/reserves';
import { mailHandlers } from './console/mail';
import { memberHandlers } from './console/members';
import { operatorHandlers } from './console/operators';
import { ConsoleRefusal, STATUS, inputRefusal, invalidInput, wordedFields, notFound, refusalOf } from './console/refusal';
import { ruleHandlers } from './console/rules';
import { sessionHandlers } from './console/session';
import { setConsoleSite } from './console/site';
import { withdrawalHandlers } from './console/withdrawals';
import type { Deps } from './route';

/**
 * The operator console's API (issue 34; lib/console-api/contract.ts, docs/console.md): POST /console/api/<name>
 * on the admin app, JSON in, `{ ok, data }` / `{ ok: false, error }` out. A session cookie (HttpOnly,
 * SameSite=Strict, Path=/console) from a Sign-In with Ethereum for the console's own origin, the csrf token in a
 * header on every call but sign-in and `me`, a same-origin check on Origin, the role checked here for every
 * endpoint, and one audit row for every change, written in the change's own transaction.
 * The handlers are in console/, a file per section of the page.
 */

export type ConsoleOptions = { origin: string };

/** Whether a session may see application photos (support or admin), for the photo route. */
const mayReadApplications = (roles: readonly Role[]) => hasRole(roles, ['support']);

const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
};

/** Accept-Language → the server's language codes; Simplified Chinese unless another of the five is asked for first. */
export function consoleLanguage(header: string | undefined): ApiLanguage {
  for (const part of (header ?? '').split(',')) {
    const tag = part.split(';')[0]!.trim().toLowerCase();
    if (/^zh-(tw|hk|mo|hant)/.test(tag)) return 'cht';
    if (tag.startsWith('zh')) return 'zh';
    if (tag.startsWith('en')) return 'en';
    if (tag.startsWith('fr')) return 'fra';
    if (tag.startsWith('ko')) return 'kor';
  }
  return 'zh';
}

const sameString = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** Every endpoint's handler: the compiler refuses a contract endpoint that no section serves. */
const handlers: Handlers = {
  ...sessionHandlers, ...withdrawalHandlers, ...mailHandlers, ...communityHandlers, ...contentHandlers,
  ...ruleHandlers, ...memberHandlers, ...healthHandlers, ...reserveHandlers, ...operatorHandlers,
};

/** Endpoints whose domain writes the audit row in the action's own transaction. */
const SELF_AUDITED = new Set<ConsoleEndpointName>(['login', 'logout', 'approveWithdrawal', 'addOperator', 'removeOperator', 'setOperatorRoles', 'setApprovalThreshold',
  'confirmAdminGrant', 'cancelAdminGrant', 'setCoverageThreshold', 'setOperatorEmail']);
/** The session calls that need no csrf token: sign-in, and `me` (read-only: it answers the token after a reload). */
const NO_CSRF = new Set<ConsoleEndpointName>(['getNonce', 'login', 'me']);

/**
 * Mounts the console's API on the admin app (createAdminApp): /console/api/* and the application photos at
 * /console/photos/<id>. `origin` is the console's own origin (CONSOLE_ORIGIN), the only site its sign-in names.
 */
export function mountConsoleApi(app: Hono, deps: Deps, options: ConsoleOptions): void {
  const origin = new URL(options.origin).origin;
  setConsoleSite(deps, origin);
  const log = deps.logger ?? logger;

  app.use(`${CONSOLE_API_PREFIX}*`, async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) c.header(name, value);
  });

  const reply = (c: Context, language: ApiLanguage, refusal: ConsoleRefusal) =>
    c.json({ ok: false as const, error: { code: refusal.code, message: translate(refusal.key, language, refusal.params), ...(refusal.fields ? { fields: wordedFields(refusal.fields, language) } : {}) } }, STATUS[refusal.code]);

  app.post(`${CONSOLE_API_PREFIX}:name`, async (c) => {
    const language = consoleLanguage(c.req.header('accept-language'));
    const name = c.req.param('name');
    try {
      if (!Object.hasOwn(consoleEndpoints, name)) throw notFound(name);
      const endpoint = consoleEndpoints[name as ConsoleEndpointName];
      // A browser page of another origin never reaches the API (the cookie is SameSite=Strict besides).
      const requestOrigin = c.req.header('origin');
      if (requestOrigin !== undefined && requestOrigin !== origin) throw new ConsoleRefusal('csrf', 'consoleCsrf');
      if (!(c.req.header('content-type') ?? '').toLowerCase().startsWith('application/json')) throw invalidInput('Content-Type: application/json');
      const body: unknown = await c.req.json().catch(() => undefined);
      if (body === undefined) throw invalidInput('a JSON body');

      let session: ConsoleSession | undefined;
      if (endpoint.access !== 'public') {
        session = await consoleSession(deps.db, deps.clock, getCookie(c, CONSOLE_COOKIE));
        if (!session) throw new ConsoleRefusal('unauthenticated', 'consoleUnauthenticated');
        if (!NO_CSRF.has(endpoint.name) && !sameString(c.req.header(CONSOLE_CSRF_HEADER) ?? '', session.csrfToken)) throw new ConsoleRefusal('csrf', 'consoleCsrf');
        if (endpoint.access !== 'session' && !hasRole(session.operator.roles, endpoint.access)) {
          throw new ConsoleRefusal('forbidden', 'consoleForbidden', { roles: [...new Set([...endpoint.access, 'admin'])].join(', ') });
        }
      }
      const schema = inputs[endpoint.name] as z.ZodType;
      const parsed = schema.safeParse(body);
      if (!parsed.success) {
        throw inputRefusal(parsed.error);
      }
      const operator = session?.operator.address as Address;
      const handler = handlers[endpoint.name] as ((ctx: unknown, prepared: unknown) => Promise<unknown>) & { prepare?: (input: unknown) => Promise<unknown> };
      const prepared = await handler.prepare?.(parsed.data);
      const run = async (db: Db) => {
        const audits: AuditEntry[] = [];
        const ctx = {
          deps: db === deps.db ? deps : { ...deps, db }, c, input: parsed.data, language, session, operator,
          audit: (entry: Omit<AuditEntry, 'operator' | 'action'> & { action?: string }) => audits.push({ ...entry, operator, action: entry.action ?? endpoint.name }),
        };
        const data = await handler(ctx, prepared);
        if (endpoint.writes && !SELF_AUDITED.has(endpoint.name) && audits.length === 0) audits.push({ operator, action: endpoint.name, after: parsed.data });
        for (const entry of audits) await recordAudit(db, entry, deps.clock.now());
        return data;
      };
      // A change and its audit rows commit together or not at all (the self-audited domains open their own).
      const data = endpoint.writes && !SELF_AUDITED.has(endpoint.name) ? await deps.db.transaction((tx) => run(tx)) : await run(deps.db);
      return c.json({ ok: true as const, data }, 200);
    } catch (error) {
      const refusal = refusalOf(error);
      if (refusal) return reply(c, language, refusal);
      log.error({ err: error, endpoint: name }, 'unexpected error in a console route');
      return reply(c, language, new ConsoleRefusal('internal', 'consoleInternal'));
    }
  });
  // An application's office photo (applicationDetail.photoUrls): a session that may read applications.
  app.get(`${CONSOLE_PHOTO_PREFIX}:id`, async (c) => {
    for (const [header, value] of Object.entries(SECURITY_HEADERS)) c.header(header, value);
    const language = consoleLanguage(c.req.header('accept-language'));
    const session = await consoleSession(deps.db, deps.clock, getCookie(c, CONSOLE_COOKIE));
    if (!session) return reply(c, language, new ConsoleRefusal('unauthenticated', 'consoleUnauthenticated'));
    if (!mayReadApplications(session.operator.roles)) return reply(c, language, new ConsoleRefusal('forbidden', 'consoleForbidden', { roles: 'support, admin' }));
    const photo = /^[0-9a-f]{32}$/.test(c.req.param('id')) ? await readPhoto(deps.db, c.req.param('id')) : undefined;
    if (!photo) return reply(c, language, notFound(c.req.param('id')));
    return c.body(new Uint8Array(photo.jpeg), 200, { 'content-type': 'image/jpeg', 'cache-control': 'private, no-store' });
  });
  app.all(`${CONSOLE_API_PREFIX}*`, (c) => reply(c, consoleLanguage(c.req.header('accept-language')), new ConsoleRefusal('notFound', 'consoleNotFound', { what: `${c.req.method} ${c.req.path}` })));
}

