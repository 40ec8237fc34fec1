import { describe, expect, it } from 'vitest';
import { misplacedFrenchMarks } from '../../lib/french-typography';
import { MESSAGES } from '../i18n';

describe('server messages', () => {
  it('put a narrow no-break space before : ? ! ; in French (sign-in and action messages included)', () => {
    for (const [key, text] of Object.entries(MESSAGES)) expect([key, misplacedFrenchMarks(text.fra)]).toEqual([key, []]);
  });
  it('name the same placeholders in every language', () => {
    const names = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort().join(',');
    for (const [key, byLanguage] of Object.entries(MESSAGES)) {
      for (const text of Object.values(byLanguage)) expect([key, names(text)]).toEqual([key, names(byLanguage.en)]);
    }
  });
});
