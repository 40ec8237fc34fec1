import { describe, expect, it } from 'vitest';
import { frenchAnglicisms, misplacedFrenchMarks } from '../../lib/french-typography';
import { API_LANGUAGES } from '../../lib/languages';
import { MESSAGES, MESSAGE_KEYS, translate } from '../i18n';

describe('server messages', () => {
  it('put a narrow no-break space before : ? ! ; in French (sign-in and action messages included)', () => {
    for (const [key, text] of Object.entries(MESSAGES.fra)) expect([key, misplacedFrenchMarks(text)]).toEqual([key, []]);
  });
  it('say staking in French, never "un stake"', () => {
    for (const [key, text] of Object.entries(MESSAGES.fra)) expect([key, frenchAnglicisms(text)]).toEqual([key, []]);
  });
  it("count days by each language's plural rules in the signed staking text", () => {
    const stake = (language: 'en' | 'fra' | 'zh', days: string) => translate('actionStake', language, { amount: '100', days, scale: '0.5' });
    expect(stake('en', '1')).toBe('Stake 100 WLD for 1 day at 0.5% a day.');
    expect(stake('en', '7')).toBe('Stake 100 WLD for 7 days at 0.5% a day.');
    expect(stake('fra', '1')).toBe('Staker 100 WLD pendant 1\u00a0jour à 0.5\u202f% par jour.');
    expect(stake('fra', '30')).toBe('Staker 100 WLD pendant 30\u00a0jours à 0.5\u202f% par jour.');
    expect(stake('zh', '1')).toBe('质押 100 WLD，周期 1 天，日分红 0.5%。');
  });
  it('hold the same keys in every language, each a non-empty text', () => {
    for (const language of API_LANGUAGES) {
      expect([language, Object.keys(MESSAGES[language]).sort()]).toEqual([language, [...MESSAGE_KEYS].sort()]);
      for (const key of MESSAGE_KEYS) expect([language, key, MESSAGES[language][key].trim() !== '']).toEqual([language, key, true]);
    }
  });
  it('name the same placeholders in every language', () => {
    // `{name}` or an ICU argument `{name, plural, …}`, each once.
    const names = (text: string) => [...new Set([...text.matchAll(/\{\s*(\w+)\s*[,}]/g)].map((m) => m[1]))].sort().join(',');
    for (const key of MESSAGE_KEYS) {
      for (const language of API_LANGUAGES) expect([key, names(MESSAGES[language][key])]).toEqual([key, names(MESSAGES.en[key])]);
    }
  });
});
