import { and, count, eq } from 'drizzle-orm';
import type { UserInfo } from '../../lib/api/replies';
import type { Db } from '../db/client';
import { mails } from '../db/schema';
import { communitySettings, mayApply } from '../community/rules';
import { hasActiveStake } from '../staking/service';
import type { User } from './registry';

/** Shown ID: a stable number derived from the row id, never stored twice. */
export const usernameOf = (user: Pick<User, 'id'>) => String(100000 + user.id);

/**
 * The user-info object of spec section 3. Derived fields: is_active (holds an active stake), username,
 * nolookmsg (mail from the administrator not yet opened), can_apply (the operator's community rule,
 * server/community/rules.ts: by default a valid member who is not yet a founder).
 */
export async function userInfo(db: Db, user: User): Promise<UserInfo> {
  const active = await hasActiveStake(db, user.id);
  const [unread] = await db.select({ n: count() }).from(mails).where(and(eq(mails.userId, user.id), eq(mails.fromAdmin, true), eq(mails.viewed, false)));
  const { rule } = await communitySettings(db);
  return {
    is_active: active ? '1' : '0',
    star: String(user.star),
    username: usernameOf(user),
    lv: `${user.lv}`,
    v_lv: String(user.vLv),
    identity_lv: String(user.identityLv),
    email: user.email ?? '',
    nolookmsg: String(unread?.n ?? 0),
    can_apply: mayApply(rule, user, active) ? '1' : '0',
  };
}
