import { describe, expect, it } from 'vitest';
import { canApplyForCommunity, communityRank, memberBadges, memberLevel, unreadCount } from './user-info';

describe('member level', () => {
  it('is founder for identity_lv 10 whatever the rank', () => {
    expect(memberLevel({ is_active: '1', lv: '30', identity_lv: '10' })).toBe('founder');
  });
  it('follows the community rank lv 10..40', () => {
    expect(memberLevel({ is_active: '1', lv: '10', identity_lv: '0' })).toBe('participant');
    expect(memberLevel({ is_active: '1', lv: '20', identity_lv: '0' })).toBe('builder');
    expect(memberLevel({ is_active: '1', lv: '30', identity_lv: '0' })).toBe('leader');
    expect(memberLevel({ is_active: '1', lv: '40', identity_lv: '0' })).toBe('ambassador');
  });
  it('falls back to valid or invalid membership without a rank', () => {
    expect(memberLevel({ is_active: '1', lv: '0', identity_lv: '0' })).toBe('valid');
    expect(memberLevel({ is_active: '0', lv: '0', identity_lv: '0' })).toBe('invalid');
  });
});

describe('menu flags', () => {
  it('blocks the community application while can_apply is 0', () => {
    expect(canApplyForCommunity({ can_apply: '0' })).toBe(false);
    expect(canApplyForCommunity({ can_apply: '1' })).toBe(true);
  });
  it('reads the unread count defensively', () => {
    expect(unreadCount({ nolookmsg: '3' })).toBe(3);
    expect(unreadCount({ nolookmsg: '' })).toBe(0);
    expect(unreadCount({ nolookmsg: '-2' })).toBe(0);
  });
});

describe('member badges', () => {
  const base = { is_active: '1', lv: '0', identity_lv: '0', v_lv: '0', star: '0' } as const;
  it('names the community rank of lv', () => {
    expect(communityRank({ lv: '20' })).toBe('builder');
    expect(communityRank({ lv: '0' })).toBeNull();
  });
  it('shows a founder their rank beside the founder label, and nobody else twice', () => {
    expect(memberBadges({ ...base, identity_lv: '10', lv: '30' }).rank).toBe('leader');
    expect(memberBadges({ ...base, lv: '30' }).rank).toBeNull();
    expect(memberBadges({ ...base, identity_lv: '10' }).rank).toBeNull();
  });
  it("shows the V level as 'V' + v_lv, none for 0", () => {
    expect(memberBadges({ ...base, v_lv: '3' }).vLevel).toBe('V3');
    expect(memberBadges(base).vLevel).toBeNull();
    expect(memberBadges({ ...base, v_lv: '' }).vLevel).toBeNull();
  });
  it('keeps the stars between 0 and 5', () => {
    expect(memberBadges({ ...base, star: '4' }).stars).toBe(4);
    expect(memberBadges({ ...base, star: '9' }).stars).toBe(5);
    expect(memberBadges({ ...base, star: '-1' }).stars).toBe(0);
    expect(memberBadges({ ...base, star: 'x' }).stars).toBe(0);
  });
});
