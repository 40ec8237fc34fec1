import { describe, expect, it } from 'vitest';
import type { StakeStatus } from '@/lib/api/replies';
import { readFileSync } from 'node:fs';
import { LOCALES } from '@/lib/i18n';
import { recordLabel } from './format';

describe('recordLabel', () => {
  it('says redeemed for a redeemed stake, which the server also labels expired', () => {
    expect(recordLabel({ status: 'redeemed', state: 'expired' })).toBe('redeemed');
  });
  it('says renewed for a stake that renewed', () => {
    expect(recordLabel({ status: 'renewed', state: 'expired' })).toBe('renewed');
  });
  it("keeps the server's state while the stake is open", () => {
    const open: [StakeStatus, 'active' | 'expired' | 'redemption-eligible'][] = [
      ['active', 'active'],
      ['active', 'redemption-eligible'],
      ['expired', 'redemption-eligible'],
      ['expired', 'expired'],
    ];
    for (const [status, state] of open) expect(recordLabel({ status, state })).toBe(state);
  });
  it.each(LOCALES)('has a distinct word for each label in %s', (locale) => {
    const words = JSON.parse(readFileSync(`messages/${locale}.json`, 'utf8')).pledge.state as Record<string, string>;
    expect(Object.keys(words).sort()).toEqual(['active', 'expired', 'redeemed', 'redemption-eligible', 'renewed']);
    expect(new Set(Object.values(words)).size).toBe(5);
  });
});
