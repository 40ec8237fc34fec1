import type { MemberApi } from './member-api';
import { endpoints } from '../../lib/api/contract';
import { rewardRecords, rewardSummary } from '../views/rewards';
import { teamMembers, teamSummary } from '../views/team';
import { type Deps, route } from './route';

/** The rewards domain: referral rewards (rewardapi) and the member's team (teamapi). */
export function rewardRoutes(app: MemberApi, deps: Deps) {
  route(app, deps, endpoints.getRewardSummary, ({ user }) => rewardSummary(deps.db, deps.clock, user));

  route(app, deps, endpoints.getRewardList, ({ user, input }) => rewardRecords(deps.db, user, input.type, input.page, input.limit));

  route(app, deps, endpoints.getTeamSummary, ({ user }) => teamSummary(deps.db, deps.clock, user));

  route(app, deps, endpoints.getTeamList, ({ user, input }) => teamMembers(deps.db, user, Number(input.generation) as 1 | 2 | 3, input.page, input.limit));
}
