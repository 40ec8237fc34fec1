import { timingSafeEqual } from 'node:crypto';
import type { Context, ErrorHandler, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import type { z } from 'zod';
import { CONSOLE_COOKIE, CONSOLE_CSRF_HEADER, type ConsoleEndpoint, type ConsoleEndpointName, consoleEndpoints } from '../../../lib/console-api/contract';
import * as inputs from '../../../lib/console-api/inputs';
import type { Role } from '../../../lib/console-api/inputs';
import type { ApiLanguage } from '../../../lib/i18n';
import { translate } from '../../i18n';
import type { Logger } from '../../log';
import { hasRole } from '../../operators/operators';
import { type ConsoleSession, consoleSession } from '../../operators/sessions';
import type { Deps } from '../route';
import { ConsoleRefusal, STATUS, inputRefusal, invalidInput, notFound, refusalOf, wordedFields } from './refusal';

/**
 * What the console's middleware sets: `language` (Accept-Language), `endpoint` (the contract entry called), `session`
 * and `operator` (the signed-in operator with their roles, on every endpoint but the public ones), `input` (parsed).
 */
export type ConsoleEnv = {
  Variables: { language: ApiLanguage; endpoint: ConsoleEndpoint; session: ConsoleSession; operator: ConsoleSession['operator']; input: unknown };
};
type Step = MiddlewareHandler<ConsoleEnv>;

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

export const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
};

/** The photo's headers, set before it is answered (its own cache-control then wins over no-store). */
export const photoHeaders: Step = async (c, next) => {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) c.header(name, value);
  await next();
};

/** The console's one error envelope: `{ ok: false, error: { code, message, fields? } }` under the code's HTTP status. */
export function consoleReply(c: Context, refusal: ConsoleRefusal): Response {
  const language = consoleLanguage(c.req.header('accept-language'));
  const fields = refusal.fields ? { fields: wordedFields(refusal.fields, language) } : {};
  return c.json(
    { ok: false as const, error: { code: refusal.code, message: translate(refusal.key, language, refusal.params), ...fields } },
    STATUS[refusal.code],
  );
}

/** The console sub-app's onError: a refusal as it is, a domain's AppError under its console code, anything else logged and 'internal'. */
export function consoleRefusal(log: Logger): ErrorHandler<ConsoleEnv> {
  return (error, c) => {
    const refusal = refusalOf(error);
    if (refusal) return consoleReply(c, refusal);
    log.error({ err: error, endpoint: c.get('endpoint')?.name ?? c.req.path }, 'unexpected error in a console route');
    return consoleReply(c, new ConsoleRefusal('internal', 'consoleInternal'));
  };
}

/** The endpoint named in the path, called from the console's own origin with a JSON body (read for parsedInput). */
export function consoleCall(origin: string): Step {
  return async (c, next) => {
    const name = c.req.param('name') ?? '';
    if (!Object.hasOwn(consoleEndpoints, name)) throw notFound(name);
    c.set('endpoint', consoleEndpoints[name as ConsoleEndpointName]);
    // A browser page of another origin never reaches the API (the cookie is SameSite=Strict besides).
    const requestOrigin = c.req.header('origin');
    if (requestOrigin !== undefined && requestOrigin !== origin) throw new ConsoleRefusal('csrf', 'consoleCsrf');
    if (!(c.req.header('content-type') ?? '').toLowerCase().startsWith('application/json')) throw invalidInput('Content-Type: application/json');
    if ((await c.req.json().catch(() => undefined)) === undefined) throw invalidInput('a JSON body');
    await next();
  };
}

/** The session calls that need no csrf token: sign-in, and `me` (read-only: it answers the token after a reload). */
const NO_CSRF = new Set<ConsoleEndpointName>(['getNonce', 'login', 'me']);

const sameString = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

async function signedIn(deps: Deps, c: Context<ConsoleEnv>): Promise<ConsoleSession> {
  const session = await consoleSession(deps.db, deps.clock, getCookie(c, CONSOLE_COOKIE));
  if (!session) throw new ConsoleRefusal('unauthenticated', 'consoleUnauthenticated');
  c.set('session', session);
  c.set('operator', session.operator);
  return session;
}

/** Sets the caller for a non-public endpoint: the cookie's session, its csrf token, then the endpoint's roles. */
export function authenticatedOperator(deps: Deps): Step {
  return async (c, next) => {
    const endpoint = c.var.endpoint;
    if (endpoint.access !== 'public') {
      const session = await signedIn(deps, c);
      if (!NO_CSRF.has(endpoint.name) && !sameString(c.req.header(CONSOLE_CSRF_HEADER) ?? '', session.csrfToken))
        throw new ConsoleRefusal('csrf', 'consoleCsrf');
      if (endpoint.access !== 'session' && !hasRole(session.operator.roles, endpoint.access)) {
        throw new ConsoleRefusal('forbidden', 'consoleForbidden', { roles: [...new Set([...endpoint.access, 'admin'])].join(', ') });
      }
    }
    await next();
  };
}

/** A session whose roles include one of `roles` (or admin): the photo route's caller. */
export function operatorWithRole(deps: Deps, roles: readonly Role[]): Step {
  return async (c, next) => {
    const session = await signedIn(deps, c);
    if (!hasRole(session.operator.roles, roles))
      throw new ConsoleRefusal('forbidden', 'consoleForbidden', { roles: [...new Set([...roles, 'admin'])].join(', ') });
    await next();
  };
}

/** The JSON body parsed with the endpoint's schema (lib/console-api/inputs.ts). */
export const parsedInput: Step = async (c, next) => {
  const parsed = (inputs[c.var.endpoint.name] as z.ZodType).safeParse(await c.req.json());
  if (!parsed.success) throw inputRefusal(parsed.error);
  c.set('input', parsed.data);
  await next();
};
