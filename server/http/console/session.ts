import type { Hex } from 'viem';
import { deleteCookie, setCookie } from 'hono/cookie';
import { CONSOLE_COOKIE } from '../../../lib/console-api/contract';
import type * as R from '../../../lib/console-api/replies';
import type { Operator } from '../../operators/operators';
import { CONSOLE_SESSION_TTL_MS, consoleLogin, consoleLogout, consoleNonce } from '../../operators/sessions';
import { section } from './handler';
import { consoleSite } from './site';

const sessionReply = (s: { operator: Operator; csrfToken: string }): R.Session => ({
  address: s.operator.address,
  roles: s.operator.roles,
  csrfToken: s.csrfToken,
});

/** Sign-In with Ethereum for the console's own origin; the session cookie (HttpOnly, SameSite=Strict, Path=/console). */
export const sessionHandlers = section({
  getNonce: async ({ deps, input, language }) => {
    const { message, expiresAt } = await consoleNonce(deps.db, deps.clock, consoleSite(deps), input.address, language);
    return { message, expiresAt: expiresAt.toISOString() };
  },
  login: async ({ deps, input, c }) => {
    const { token, csrfToken, operator } = await consoleLogin(deps.db, deps.clock, consoleSite(deps), input.message, input.signature as Hex);
    setCookie(c, CONSOLE_COOKIE, token, {
      httpOnly: true,
      sameSite: 'Strict',
      path: '/console',
      secure: consoleSite(deps).origin.startsWith('https:'),
      maxAge: CONSOLE_SESSION_TTL_MS / 1000,
    });
    return sessionReply({ operator, csrfToken });
  },
  logout: async ({ deps, session, c }) => {
    await consoleLogout(deps.db, deps.clock, session!);
    deleteCookie(c, CONSOLE_COOKIE, { path: '/console' });
    return {};
  },
  me: async ({ session }) => sessionReply(session!),
});
