import { type Context, type ErrorHandler, Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ApiLanguage } from '../../lib/i18n';
import type { StatementGuard } from '../db/guard';
import { translate } from '../i18n';
import { type Logger, logger } from '../log';
import type { User } from '../users/registry';
import { jsonWithCors } from './cors';
import type { Envelope } from './envelope';
import { failure, failureStatus } from './reply';

/**
 * What the member API's middleware sets for the handler: `endpoint`, the contract path being served; `language`, the
 * reply's language as soon as the body names one; `envelope` and `input`, the verified request and its parsed fields;
 * `member`, the session's registered user ('user' and 'signed' endpoints); `guard`, a signed statement's checks.
 */
export type MemberEnv = {
  Variables: { endpoint: string; language: ApiLanguage; envelope: Envelope; input: unknown; member: User; guard: StatementGuard };
};
export type MemberApi = Hono<MemberEnv>;
export type MemberContext = Context<MemberEnv>;

/**
 * The member API's one error envelope, `{ status: 0, info, data: {} }`: a refusal inside an endpoint in the request's
 * language (HTTP 200, or 400/413/429 for a body refused whole and a rate limit); an error outside any endpoint (the
 * CORS middleware) logged without SQL (server/log.ts) and answered 500; an HTTPException as it is, through
 * c.newResponse so the reply keeps the headers middleware set before it.
 */
export function memberRefusal(log: Logger = logger): ErrorHandler {
  return (error, outer) => {
    // The public port's own errors (outside /api/v1) come here too, with none of the API's variables set.
    const c = outer as unknown as MemberContext;
    if (error instanceof HTTPException) {
      const res = error.getResponse();
      return c.newResponse(res.body, res);
    }
    const endpoint = c.get('endpoint');
    if (endpoint === undefined) {
      log.error({ err: error, endpoint: c.req.path }, 'unexpected error');
      return c.json({ status: 0, info: translate('internal', 'en'), data: {} }, 500);
    }
    const { status, headers } = failureStatus(error);
    return jsonWithCors(c, failure(error, c.get('language') ?? 'zh', { endpoint, log }), status, headers);
  };
}

/**
 * The member API as a sub-app (createApp mounts it on the public port): the envelope endpoints at /api/v1/<path> and
 * the few plain GETs members follow (banner images, the unsubscribe page); its refusals are memberRefusal's.
 */
export function createMemberApi(log?: Logger): MemberApi {
  const api = new Hono<MemberEnv>();
  api.onError(memberRefusal(log) as unknown as ErrorHandler<MemberEnv>);
  return api;
}
