import { eq, sql } from 'drizzle-orm';
import type { UserInfo } from '../../lib/api/replies';
import { type Db, preparedPerDb } from '../db/client';
import { mails, settings, stakes, users } from '../db/schema';
import { COMMUNITY_KEYS, applyRuleOf, mayApply } from '../community/rules';
import type { User } from './registry';

/** Shown ID: a stable number derived from the row id, never stored twice. */
export const usernameOf = (user: Pick<User, 'id'>) => String(100000 + user.id);

/**
 * What user info derives, in one round trip: an active stake, unread mail from the administrator, the apply
 * rule. (Inside sql`` drizzle names a column without its table when the query has one table, so the
 * subqueries compare with the placeholder, never with users.id.)
 */
const userFacts = preparedPerDb((db) =>
  db
    .select({
      active: sql<boolean>`exists (select 1 from ${stakes} where ${stakes.userId} = ${sql.placeholder('userId')} and ${stakes.status} = 'active')`,
      unread: sql<number>`(select count(*)::int from ${mails} where ${mails.userId} = ${sql.placeholder('userId')} and ${mails.fromAdmin} and not ${mails.viewed})`,
      rule: sql<string | null>`(select ${settings.value} from ${settings} where ${settings.key} = ${COMMUNITY_KEYS.rule})`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('user_facts'),
);

/**
 * The user-info object of spec section 3. Derived fields: is_active (holds an active stake), username,
 * nolookmsg (mail from the administrator not yet opened), can_apply (the operator's community rule,
 * server/community/rules.ts: by default a valid member who is not yet a founder).
 */
export async function userInfo(db: Db, user: User): Promise<UserInfo> {
  const [facts] = await userFacts(db).execute({ userId: user.id });
  const active = facts?.active ?? false;
  const rule = applyRuleOf(facts?.rule ?? undefined);
  return {
    is_active: active ? '1' : '0',
    star: String(user.star),
    username: usernameOf(user),
    lv: `${user.lv}`,
    v_lv: String(user.vLv),
    identity_lv: String(user.identityLv),
    email: user.email ?? '',
    nolookmsg: String(facts?.unread ?? 0),
    can_apply: mayApply(rule, user, active) ? '1' : '0',
  };
}
