import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';

/**
 * CORS for the API's POST calls, with Hono's cors answering preflights. Hono's cors sets its headers on
 * `c.res` before the handler runs (and Vary after it), so every reply was merged into a second Response and
 * @hono/node-server had to build a web Response with a ReadableStream body to send it; here the headers go in
 * before the handler through `c.header`, and the handler's `c.json` reply carries them as it is.
 */
export function apiCors(origins: readonly string[]): MiddlewareHandler {
  const anyOrigin = origins.includes('*');
  const preflight = cors({ origin: anyOrigin ? '*' : [...origins], allowMethods: ['POST', 'OPTIONS'] });
  return async (c, next) => {
    if (c.req.method === 'OPTIONS') return preflight(c, next);
    if (anyOrigin) c.header('Access-Control-Allow-Origin', '*');
    else {
      const origin = c.req.header('origin');
      if (origin && origins.includes(origin)) c.header('Access-Control-Allow-Origin', origin);
      c.header('Vary', 'Origin');
    }
    await next();
  };
}
