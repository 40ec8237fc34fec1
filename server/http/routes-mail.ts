import type { MemberApi } from './member-api';
import { endpoints } from '../../lib/api/contract';
import { mailDetail, mailList, replyMail, sendMail } from '../mail/mail';
import { type Deps, route } from './route';

/** Mail between the member and the administrator (`mailapi`). */
export function mailRoutes(app: MemberApi, deps: Deps) {
  route(app, deps, endpoints.getMailList, ({ user, input }) => mailList(deps.db, user, input.type, input.page, input.limit));
  route(app, deps, endpoints.getMailDetail, ({ user, input }) => mailDetail(deps.db, user, Number(input.id)));
  route(app, deps, endpoints.sendMail, ({ user, input }) => sendMail(deps.db, deps.clock, user, input));
  route(app, deps, endpoints.replyMail, ({ user, input }) => replyMail(deps.db, deps.clock, user, input));
}
