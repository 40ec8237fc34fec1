import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';

/**
 * Hono's bodyLimit, except that a body whose Content-Length is within the limit passes on the header alone:
 * bodyLimit first reads `c.req.raw.body`, which makes @hono/node-server build a web Request, a ReadableStream
 * and an AbortController for every call. Chunked bodies and bodies over the limit still go through bodyLimit
 * (refused from the header, or while streaming, before they are read past the limit).
 */
export function sizedBodyLimit(maxSize: number, onError: (c: Context) => Response | Promise<Response>): MiddlewareHandler {
  const limit = bodyLimit({ maxSize, onError });
  return (c, next) => {
    const length = c.req.header('content-length');
    if (length !== undefined && c.req.header('transfer-encoding') === undefined && /^\d+$/.test(length) && Number(length) <= maxSize) return next();
    return limit(c, next);
  };
}
