import { parseEther } from 'viem';
import type { Queryable } from '../db/client';
import { readSettings } from '../settings/settings';
import { FOUNDER_IDENTITY } from '../users/founder';
import type { User } from '../users/registry';

/**
 * Who may apply to found a community (operator setting `community.apply_rule`, docs/community.md):
 * 'valid' (default) a valid member (an active stake), 'member' any registered member, 'closed' nobody.
 * A founder never applies again.
 */
export const APPLY_RULES = ['valid', 'member', 'closed'] as const;
export type ApplyRule = (typeof APPLY_RULES)[number];

export const COMMUNITY_KEYS = { rule: 'community.apply_rule', amount: 'community.apply_amount' } as const;
/** The payment when the operator set none: 100 WLD. */
export const DEFAULT_APPLY_AMOUNT = parseEther('100');

export type CommunitySettings = { rule: ApplyRule; amount: bigint };

export async function communitySettings(db: Queryable): Promise<CommunitySettings> {
  const stored = await readSettings(db, Object.values(COMMUNITY_KEYS));
  const value = (key: string) => stored.get(key);
  const amount = value(COMMUNITY_KEYS.amount);
  return { rule: applyRuleOf(value(COMMUNITY_KEYS.rule)), amount: amount ? BigInt(amount) : DEFAULT_APPLY_AMOUNT };
}

/** The stored rule, or the default 'valid' when none (or an unknown one) is stored. */
export const applyRuleOf = (stored: string | undefined): ApplyRule =>
  (APPLY_RULES as readonly string[]).includes(stored ?? '') ? (stored as ApplyRule) : 'valid';

/** The rule itself, shared by getUserInfo's can_apply and the apply endpoint. */
export function mayApply(rule: ApplyRule, user: Pick<User, 'identityLv'>, activeStake: boolean): boolean {
  if (user.identityLv === FOUNDER_IDENTITY) return false;
  if (rule === 'closed') return false;
  return rule === 'member' || activeStake;
}
