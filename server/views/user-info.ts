import { eq, inArray, sql } from 'drizzle-orm';
import type { Address } from 'viem';
import type { UserInfo } from '../../lib/api/replies';
import { liveSession, signedIn } from '../auth/sessions';
import type { Clock } from '../clock';
import { type Db, preparedPerDb } from '../db/client';
import { sessions } from '../auth/tables';
import { mails } from '../mail/tables';
import { settingValue } from '../settings/settings';
import { HELD_STATUSES, stakes } from '../staking/tables';
import { users } from '../users/tables';
import { FlowError } from '../errors';
import { COMMUNITY_KEYS, applyRuleOf, mayApply } from '../community/rules';
import type { User } from '../users/registry';

/** Shown ID: a stable number derived from the row id, never stored twice. */
export const usernameOf = (user: Pick<User, 'id'>) => String(100000 + user.id);

/**
 * The session check, the user and what user info derives, in one round trip: the session of this guid and
 * address, unexpired; its user (null when not registered); an active stake, unread mail from the
 * administrator, the apply rule.
 */
const sessionUserFacts = preparedPerDb((db) =>
  db
    .select({
      // only what user info shows: each column is mapped per call (createdAt would be parsed into a Date for nothing)
      user: { id: users.id, star: users.star, lv: users.lv, vLv: users.vLv, identityLv: users.identityLv, email: users.email },
      active: sql<boolean>`exists (select 1 from ${stakes} where ${stakes.userId} = ${users.id} and ${inArray(stakes.status, [...HELD_STATUSES])})`,
      unread: sql<number>`(select count(*)::int from ${mails} where ${mails.userId} = ${users.id} and ${mails.fromAdmin} and not ${mails.viewed})`,
      rule: settingValue(COMMUNITY_KEYS.rule),
    })
    .from(sessions)
    .leftJoin(users, eq(users.address, sessions.address))
    .where(liveSession())
    .limit(1)
    .prepare('session_user_facts'),
);

/**
 * getUserInfo: the user-info object of spec section 3 for the signed-in caller, refused as every signed-in
 * call is ('302' without a session of this address, '301' when not registered). Derived fields: is_active
 * (holds a stake: active, or in its redemption window), username, nolookmsg (mail from the administrator not yet opened), can_apply (the
 * operator's community rule, server/community/rules.ts: by default a valid member who is not yet a founder).
 */
export async function signedInUserInfo(db: Db, clock: Clock, guid: string | undefined, address: Address): Promise<UserInfo> {
  if (!guid) throw new FlowError('302');
  const [found] = await sessionUserFacts(db).execute({ guid, address, now: clock.now().toISOString() });
  const { user, active, unread, rule: ruleSetting } = signedIn(found);
  const rule = applyRuleOf(ruleSetting ?? undefined);
  return {
    is_active: active ? '1' : '0',
    star: String(user.star),
    username: usernameOf(user),
    lv: `${user.lv}`,
    v_lv: String(user.vLv),
    identity_lv: String(user.identityLv),
    email: user.email ?? '',
    nolookmsg: String(unread ?? 0),
    can_apply: mayApply(rule, user, active) ? '1' : '0',
  };
}
