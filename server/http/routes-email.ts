import type { Hono } from 'hono';
import { endpoints } from '../../lib/api/contract';
import { bindEmail, changeEmail, sendCode } from '../email/binding';
import { type Deps, route } from './route';

/** Email binding with a code sent by SMTP (`emailapi`). */
export function emailRoutes(app: Hono, deps: Deps) {
  route(app, deps, endpoints.sendCode, ({ user, input, envelope }) => sendCode(deps.db, deps.clock, deps.mailer, user, input, envelope.language));
  route(app, deps, endpoints.bindEmail, ({ user, input }) => bindEmail(deps.db, deps.clock, user, input));
  route(app, deps, endpoints.changeEmail, ({ user, input }) => changeEmail(deps.db, deps.clock, user, input));
}
