import { describe, expect, it } from 'vitest';
import { canApplyForCommunity, memberLevel, unreadCount } from './user-info';

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
