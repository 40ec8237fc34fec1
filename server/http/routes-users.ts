import type { MemberApi } from './member-api';
import { endpoints } from '../../lib/api/contract';
import { signedInUserInfo } from '../views/user-info';
import { type Deps, routeWithOwnSession } from './route';

export function userRoutes(app: MemberApi, deps: Deps) {
  routeWithOwnSession(app, deps, endpoints.getUserInfo, ({ envelope }) => signedInUserInfo(deps.db, deps.clock, envelope.guid, envelope.address));
}
