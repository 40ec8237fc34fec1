import { describe, expect, it } from 'vitest';
import { storeLocale, storedLocale } from './i18n';
import { LOCAL_KEYS, SESSION_KEYS } from './storage-keys';

const memory = () => {
  const values = new Map<string, string>();
  return { getItem: (k: string) => values.get(k) ?? null, setItem: (k: string, v: string) => void values.set(k, v), values };
};

describe('the chosen language', () => {
  it('is kept for this visit under the spec key and for the next visits in localStorage', () => {
    const session = memory();
    const local = memory();
    storeLocale('en', session, local);
    expect(session.values.get(SESSION_KEYS.language)).toBe('en');
    expect(local.values.get(LOCAL_KEYS.language)).toBe('en');
    expect(storedLocale(memory(), local)).toBe('en');
  });

  it("reads this visit's choice first, then the remembered one, then the default; junk counts as none", () => {
    const session = memory();
    const local = memory();
    local.setItem(LOCAL_KEYS.language, 'ko');
    session.setItem(SESSION_KEYS.language, 'fr');
    expect(storedLocale(session, local)).toBe('fr');
    session.setItem(SESSION_KEYS.language, 'xx');
    expect(storedLocale(session, local)).toBe('ko');
    local.setItem(LOCAL_KEYS.language, 'xx');
    expect(storedLocale(session, local)).toBe('zh-CN');
  });

  it('a localStorage that throws (private mode) neither breaks reading nor storing', () => {
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    const session = memory();
    storeLocale('en', session, refusing);
    expect(storedLocale(session, refusing)).toBe('en');
    expect(storedLocale(memory(), refusing)).toBe('zh-CN');
  });
});
