import type { Context, MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';

/** The CORS headers owed to each request's reply, until a reply takes them (jsonWithCors) or the middleware adds them. */
const owed = new WeakMap<Context, Record<string, string>>();

/**
 * CORS for the API's POST calls, with Hono's cors answering preflights. The headers of a route's reply go into
 * the reply's own header record (jsonWithCors): a reply whose headers are a plain record is written by
 * @hono/node-server straight from it, while one header set through `c.header` (or on `c.res`, as Hono's cors
 * does) makes every reply build and copy a web Headers object. Replies not built by a route (not found, an
 * error outside a route) get them from the middleware after the handler.
 */
export function apiCors(origins: readonly string[]): MiddlewareHandler {
  const anyOrigin = origins.includes('*');
  const preflight = cors({ origin: anyOrigin ? '*' : [...origins], allowMethods: ['POST', 'OPTIONS'] });
  const wildcard = { 'Access-Control-Allow-Origin': '*' };
  const varyOnly = { Vary: 'Origin' };
  const headersFor = (origin: string | undefined) =>
    anyOrigin ? wildcard : origin && origins.includes(origin) ? { 'Access-Control-Allow-Origin': origin, Vary: 'Origin' } : varyOnly;
  return async (c, next) => {
    if (c.req.method === 'OPTIONS') return preflight(c, next);
    owed.set(c, headersFor(c.req.header('origin')));
    await next();
    const left = owed.get(c);
    if (left) for (const [name, value] of Object.entries(left)) c.res.headers.set(name, value);
  };
}

/** A JSON reply carrying the CORS headers owed to this request (none outside the API's middleware). */
export function jsonWithCors(c: Context, body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  const cors = owed.get(c);
  owed.delete(c);
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...cors, ...headers } });
}
