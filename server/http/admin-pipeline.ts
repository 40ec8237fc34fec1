import { timingSafeEqual } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';

/** Which bearer token the caller showed: the admin token (everything), or METRICS_TOKEN (the scrape alone). */
export type AdminRole = 'admin' | 'metrics';
export type AdminEnv = { Variables: { admin: AdminRole } };
type Status = 400 | 401 | 404 | 409 | 413;

/** The admin app's one error envelope, `{ error }`, as the CLI and Prometheus read it. */
export const refuse = (c: Context, status: Status, error: string) => c.json({ error }, status);

/** Room for an agreement or a notice in five languages; an operator's call, never a file. */
export const adminBodyLimit: MiddlewareHandler = bodyLimit({ maxSize: 1024 * 1024, onError: (c) => refuse(c, 413, 'body over 1 MiB') });

const matches = (given: Buffer, token: string | undefined) => {
  if (token === undefined) return false;
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
};

/** Sets `admin` to the role whose token the Authorization header bears (the first that matches), or refuses 401. */
export function bearer(tokens: Partial<Record<AdminRole, string>>): MiddlewareHandler<AdminEnv> {
  return async (c, next) => {
    const given = Buffer.from(c.req.header('authorization')?.replace(/^Bearer /, '') ?? '');
    const role = (Object.keys(tokens) as AdminRole[]).find((name) => matches(given, tokens[name]));
    if (!role) return refuse(c, 401, 'unauthorised');
    c.set('admin', role);
    await next();
  };
}
