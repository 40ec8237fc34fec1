import type { Context, Hono } from 'hono';
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
import { ENVELOPE_FIELDS, type Envelope, readBody, requestLanguage, verifyRequest } from './envelope';
import { type RateLimits, clientIp, rateClass } from './rate-limits';
import { sizedBodyLimit } from './body-limit';
import { jsonWithCors } from './cors';
import { failure, failureStatus, success } from './reply';

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
  db: Db; clock: Clock; config: ServerConfig; requestClock?: Clock; mailer?: Mailer; payments?: PaymentChain; logger?: Logger; limits?: RateLimits;
  issued?: IssuedChallenges; metrics?: ServerMetrics;
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
 * Serves one contract endpoint at /api/v1/<path>: envelope checks, the input parsed with the schema of the
 * same name, then by access — 'user': a session of this address ('302') and a registered user ('301');
 * 'signed': as user, plus the wallet's signature of the challenge issued for this address, this endpoint and
 * these fields, used up in its own commit before the handler runs, so a handler that then fails (e.g. on
 * balance) cannot be replayed with the same signature.
 */
export function route<E extends Endpoint>(app: Hono, deps: Deps, entry: E, handler: Handler<E>, options: RouteOptions = {}) {
  serve(app, deps, entry, handler, options, 'route');
}

/**
 * A signed endpoint whose handler runs one statement that also checks the session and the challenge and uses the
 * challenge up, through `guard` (auth/signed-statement.ts), so a signed write can be one round trip (investSave).
 * The statement commits the challenge's use with a refusal (say, on balance) all the same; when the guard yields
 * nothing, the handler answers `guard.refused()` ('302', '301' or the challenge's refusal).
 */
export function routeSignedInStatement<E extends Endpoint & { access: 'signed' }>(
  app: Hono, deps: Deps, entry: E, handler: (ctx: Omit<RouteContext<E>, 'user' | 'guard'> & { guard: StatementGuard }) => Promise<ReplyOf<E>>,
) {
  serve(app, deps, entry, handler as Handler<E>, {}, 'statement');
}

/**
 * A 'user' endpoint whose handler checks the session inside its own query, so that the call is one round trip
 * (getUserInfo, the app's most frequent call). The handler must refuse exactly as sessionUser does: '302'
 * without an unexpired session of this guid and address, '301' when the address is not registered.
 */
export function routeWithOwnSession<E extends Endpoint & { access: 'user' }>(
  app: Hono, deps: Deps, entry: E, handler: (ctx: Omit<RouteContext<E>, 'user'>) => Promise<ReplyOf<E>>,
) {
  serve(app, deps, entry, handler as Handler<E>, {}, 'handler');
}

function serve<E extends Endpoint>(app: Hono, deps: Deps, entry: E, handler: Handler<E>, options: RouteOptions, sessionCheck: SessionCheck) {
  const schema: z.ZodType = inputs[entry.name];
  const allowed = allowedKeys(schema, entry.access, options.files);
  const cost = rateClass(entry);
  const meter = deps.metrics?.endpoint(entry.name);
  // Refused from Content-Length, or while streaming a chunked body, before it is read past the limit.
  const limit = sizedBodyLimit(options.maxBodyBytes ?? ENVELOPE_BODY_LIMIT, (c) => {
    meter?.(performance.now(), 'refused');
    return jsonWithCors(c, failure(new AppError(options.tooLarge ?? 'bodyTooLarge'), 'zh'), 413);
  });
  app.post(`/api/v1/${entry.path}`, limit, async (c: Context) => {
    const started = performance.now();
    let language = requestLanguage({});
    try {
      const body = await readBody(c, allowed);
      language = requestLanguage(body.fields);
      const envelope = verifyRequest(body, { apiKey: deps.config.apiKey, ustWindowSeconds: deps.config.ustWindowSeconds, clock: deps.requestClock ?? deps.clock });
      await deps.limits?.check(cost, clientIp(c, deps.config.trustProxy), envelope.address);
      const parsed = schema.safeParse(envelope.fields);
      if (!parsed.success) throw new AppError('invalidField', { field: firstField(parsed.error) });
      let user: User | undefined;
      let guard: StatementGuard | undefined;
      if (entry.access === 'signed') {
        const signed = signedFields.safeParse(envelope.fields);
        if (!signed.success) {
          await sessionUser(deps.db, deps.clock, envelope.guid, envelope.address); // '302' and '301' come first
          throw new AppError('invalidField', { field: firstField(signed.error) });
        }
        const purpose = entry.name as SignedAction;
        const { nonce, signature } = signed.data;
        const spend = { address: envelope.address, purpose, params: boundParams(purpose, envelope.fields), nonce, signature: signature as Hex };
        if (sessionCheck === 'statement') guard = await signedActionGuard(deps, envelope.guid, spend);
        else {
          deps.issued?.take(nonce, envelope.address); // spent here, not by a statement: forgotten
          // The session and the challenge in one round trip; the challenge is then checked and used up as spendChallenge does.
          const read = await signedSessionUser(deps.db, deps.clock, envelope.guid, envelope.address, nonce);
          user = read.user;
          await spendChallengeRead(deps.db, deps.clock, read.challenge, spend);
        }
      } else if (entry.access !== 'public' && sessionCheck === 'route') {
        user = await sessionUser(deps.db, deps.clock, envelope.guid, envelope.address);
      }
      const input = parsed.data as ParsedInputOf<E>;
      const data = await handler({ deps, envelope, input, user: user as RouteContext<E>['user'], guard });
      const reply = jsonWithCors(c, success(data, language));
      meter?.(started, 'ok');
      return reply;
    } catch (error) {
      const { status, headers } = failureStatus(error);
      const reply = jsonWithCors(c, failure(error, language, { endpoint: entry.path, log: deps.logger }), status, headers);
      meter?.(started, error instanceof AppError || error instanceof FlowError ? 'refused' : 'internal');
      return reply;
    }
  });
}
