import type { MiddlewareHandler } from 'hono';
import type { Hex } from 'viem';
import { z } from 'zod';
import type { Endpoint, ParsedInputOf, ReplyOf } from '../../lib/api/contract';
import { field } from '../../lib/api/fields';
import * as inputs from '../../lib/api/inputs';
import type { SignedAction } from '../../lib/api/purposes';
import type { IssuedChallenges } from '../auth/issued-challenges';
import { boundParams, spendChallengeRead } from '../auth/nonces';
import { sessionUser, signedSessionUser } from '../auth/sessions';
import { signedActionGuard } from '../auth/signed-statement';
import type { Clock } from '../clock';
import type { PaymentChain } from '../community/payment';
import type { ServerConfig } from '../config';
import type { Db } from '../db/client';
import type { StatementGuard } from '../db/guard';
import type { Mailer } from '../email/mailer';
import type { Logger } from '../log';
import { AppError, FlowError } from '../errors';
import type { ServerMetrics } from '../metrics/metrics';
import type { User } from '../users/registry';
import { BodyRefused, ENVELOPE_FIELDS, type Envelope, readBody, requestLanguage, verifyRequest } from './envelope';
import type { MemberApi, MemberContext, MemberEnv } from './member-api';
import { type RateLimits, clientIp, rateClass } from './rate-limits';
import { sizedBodyLimit } from './body-limit';
import { jsonWithCors } from './cors';
import { success } from './reply';

/**
 * `requestClock` checks the ust window against wall time even when the business clock was moved (local only).
 * `mailer` sends verification emails (SMTP_URL); createApp makes one from the config when none is given.
 * `payments` is the chain community payments are verified on (absent without a configured chain).
 * `logger` receives unexpected errors (server/log.ts; the process logger when absent).
 * `limits`: the per-IP and per-address rate limits; createApp makes them from the config when none are given.
 * `issued`: the action challenges this server issued and not yet spent (auth/issued-challenges.ts); createApp makes it.
 * `metrics`: this process's metrics (server/metrics/), which every endpoint's calls are measured into; none in most tests.
 */
export type Deps = {
  db: Db;
  clock: Clock;
  config: ServerConfig;
  requestClock?: Clock;
  mailer?: Mailer;
  payments?: PaymentChain;
  logger?: Logger;
  limits?: RateLimits;
  issued?: IssuedChallenges;
  metrics?: ServerMetrics;
};

export type RouteContext<E extends Endpoint> = {
  deps: Deps;
  envelope: Envelope;
  input: ParsedInputOf<E>;
  user: E['access'] extends 'public' ? undefined : User;
  /** A routeSignedInStatement endpoint: the session, member and challenge checks, for the handler's own statement (db/guard.ts). */
  guard?: StatementGuard;
};
export type Handler<E extends Endpoint> = (ctx: RouteContext<E>) => Promise<ReplyOf<E>>;

/** Who checks the session: the route before the handler, the handler's own query, or (signed) the handler's own statement. */
type SessionCheck = 'route' | 'handler' | 'statement';

const signedFields = z.object({ nonce: field.nonce, signature: field.signature });

const firstField = (error: z.ZodError) => String(error.issues[0]?.path[0] ?? 'body');

/** An envelope call's body: the longest (a mail of 2,000 CJK characters, percent-encoded) is about 20 KiB. */
export const ENVELOPE_BODY_LIMIT = 64 * 1024;

/** What a route reads beyond its input: `files`, the multipart file parts it takes; `maxBodyBytes`, its body limit. */
export type RouteOptions = { files?: readonly string[]; maxBodyBytes?: number; tooLarge?: 'bodyTooLarge' | 'photoTooLarge' };

/** The keys an endpoint reads: its input schema's, the envelope's, a signed endpoint's nonce and signature, its file parts. */
export function allowedKeys(schema: z.ZodType, access: Endpoint['access'], files: readonly string[] = []): ReadonlySet<string> {
  if (!(schema instanceof z.ZodObject)) throw new Error('every endpoint input is a z.object (lib/api/inputs.ts)');
  return new Set([...Object.keys(schema.shape), ...ENVELOPE_FIELDS, ...(access === 'signed' ? ['nonce', 'signature'] : []), ...files]);
}

/**
 * Serves one contract endpoint at /api/v1/<path> through the member pipeline (below): envelope checks, the input
 * parsed with the schema of the same name, then by access — 'user': a session of this address ('302') and a
 * registered user ('301'); 'signed': as user, plus the wallet's signature of the challenge issued for this address,
 * this endpoint and these fields, used up in its own commit before the handler runs, so a handler that then fails
 * (e.g. on balance) cannot be replayed with the same signature.
 */
export function route<E extends Endpoint>(api: MemberApi, deps: Deps, entry: E, handler: Handler<E>, options: RouteOptions = {}) {
  serve(api, deps, entry, handler, options, 'route');
}

/**
 * A signed endpoint whose handler runs one statement that also checks the session and the challenge and uses the
 * challenge up, through `guard` (auth/signed-statement.ts), so a signed write can be one round trip (investSave).
 * The statement commits the challenge's use with a refusal (say, on balance) all the same; when the guard yields
 * nothing, the handler answers `guard.refused()` ('302', '301' or the challenge's refusal).
 */
export function routeSignedInStatement<E extends Endpoint & { access: 'signed' }>(
  api: MemberApi,
  deps: Deps,
  entry: E,
  handler: (ctx: Omit<RouteContext<E>, 'user' | 'guard'> & { guard: StatementGuard }) => Promise<ReplyOf<E>>,
) {
  serve(api, deps, entry, handler as Handler<E>, {}, 'statement');
}

/**
 * A 'user' endpoint whose handler checks the session inside its own query, so that the call is one round trip
 * (getUserInfo, the app's most frequent call). The handler must refuse exactly as sessionUser does: '302'
 * without an unexpired session of this guid and address, '301' when the address is not registered.
 */
export function routeWithOwnSession<E extends Endpoint & { access: 'user' }>(
  api: MemberApi,
  deps: Deps,
  entry: E,
  handler: (ctx: Omit<RouteContext<E>, 'user'>) => Promise<ReplyOf<E>>,
) {
  serve(api, deps, entry, handler as Handler<E>, {}, 'handler');
}

type Step = MiddlewareHandler<MemberEnv>;

/** The pipeline: meter → body limit → envelope (parse, sign, ust) → rate limit → input → authenticate → handler. */
function serve<E extends Endpoint>(api: MemberApi, deps: Deps, entry: E, handler: Handler<E>, options: RouteOptions, sessionCheck: SessionCheck) {
  const schema: z.ZodType = inputs[entry.name];
  const allowed = allowedKeys(schema, entry.access, options.files);
  api.post(
    `/api/v1/${entry.path}`,
    metered(deps, entry),
    // Refused from Content-Length, or while streaming a chunked body, before it is read past the limit.
    sizedBodyLimit(options.maxBodyBytes ?? ENVELOPE_BODY_LIMIT, () => {
      throw new BodyRefused(413, options.tooLarge ?? 'bodyTooLarge');
    }),
    verifiedEnvelope(deps, allowed),
    rateLimited(deps, rateClass(entry)),
    parsedInput(schema),
    authenticated(deps, entry, sessionCheck),
    async (c: MemberContext) => {
      const user = c.get('member') as RouteContext<E>['user'];
      const data = await handler({ deps, envelope: c.get('envelope'), input: c.get('input') as ParsedInputOf<E>, user, guard: c.get('guard') });
      return jsonWithCors(c, success(data, c.get('language')));
    },
  );
}

/** One observation per call into the process's metrics, by how the call ended (memberRefusal answered the failures). */
function metered(deps: Deps, entry: Endpoint): Step {
  const meter = deps.metrics?.endpoint(entry.name);
  return async (c, next) => {
    const started = performance.now();
    c.set('endpoint', entry.path);
    c.set('language', requestLanguage({}));
    await next();
    const error = c.error;
    meter?.(started, error === undefined ? 'ok' : error instanceof AppError || error instanceof FlowError ? 'refused' : 'internal');
  };
}

/** The body read within the endpoint's keys, the reply's language taken from it, then the common fields, sign and ust checked. */
function verifiedEnvelope(deps: Deps, allowed: ReadonlySet<string>): Step {
  return async (c, next) => {
    const body = await readBody(c, allowed);
    c.set('language', requestLanguage(body.fields));
    c.set(
      'envelope',
      verifyRequest(body, { apiKey: deps.config.apiKey, ustWindowSeconds: deps.config.ustWindowSeconds, clock: deps.requestClock ?? deps.clock }),
    );
    await next();
  };
}

/** The call's class counted against its IP's and its address's allowances (rate-limits.ts). */
function rateLimited(deps: Deps, cost: ReturnType<typeof rateClass>): Step {
  return async (c, next) => {
    await deps.limits?.check(cost, clientIp(c, deps.config.trustProxy), c.get('envelope').address);
    await next();
  };
}

function parsedInput(schema: z.ZodType): Step {
  return async (c, next) => {
    const parsed = schema.safeParse(c.get('envelope').fields);
    if (!parsed.success) throw new AppError('invalidField', { field: firstField(parsed.error) });
    c.set('input', parsed.data);
    await next();
  };
}

/** Sets the caller: `member` from the session (and, signed, the challenge spent), or `guard` for the handler's statement. */
function authenticated(deps: Deps, entry: Endpoint, sessionCheck: SessionCheck): Step {
  return async (c, next) => {
    const envelope = c.get('envelope');
    if (entry.access === 'signed') {
      const signed = signedFields.safeParse(envelope.fields);
      if (!signed.success) {
        await sessionUser(deps.db, deps.clock, envelope.guid, envelope.address); // '302' and '301' come first
        throw new AppError('invalidField', { field: firstField(signed.error) });
      }
      const purpose = entry.name as SignedAction;
      const { nonce, signature } = signed.data;
      const spend = { address: envelope.address, purpose, params: boundParams(purpose, envelope.fields), nonce, signature: signature as Hex };
      if (sessionCheck === 'statement') c.set('guard', await signedActionGuard(deps, envelope.guid, spend));
      else {
        deps.issued?.take(nonce, envelope.address); // spent here, not by a statement: forgotten
        // The session and the challenge in one round trip; the challenge is then checked and used up as spendChallenge does.
        const read = await signedSessionUser(deps.db, deps.clock, envelope.guid, envelope.address, nonce);
        await spendChallengeRead(deps.db, deps.clock, read.challenge, spend);
        c.set('member', read.user);
      }
    } else if (entry.access !== 'public' && sessionCheck === 'route') {
      c.set('member', await sessionUser(deps.db, deps.clock, envelope.guid, envelope.address));
    }
    await next();
  };
}
