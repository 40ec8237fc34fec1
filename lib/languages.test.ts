import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_LANGUAGE, API_LANGUAGES, CONSOLE_LOCALES, LOCALES, LOCALE_LABELS, LOCALE_OF } from './languages';

const messageFiles = (folder: string) =>
  readdirSync(join(__dirname, '..', folder))
    .filter((name) => name.endsWith('.json'))
    .map((name) => name.slice(0, -'.json'.length))
    .sort();

describe('the one language list', () => {
  it("is exactly the app's message files", () => {
    expect(messageFiles('messages')).toEqual([...LOCALES].sort());
  });

  it("holds the console's message files, no more and no fewer", () => {
    expect(messageFiles('console/messages')).toEqual([...CONSOLE_LOCALES].sort());
  });

  it('maps each locale to its API code of spec section 9 and back', () => {
    expect(API_LANGUAGE).toEqual({ 'zh-CN': 'zh', 'zh-TW': 'cht', en: 'en', fr: 'fra', ko: 'kor' });
    expect(API_LANGUAGES).toEqual(['zh', 'cht', 'en', 'fra', 'kor']);
    for (const locale of LOCALES) expect(LOCALE_OF[API_LANGUAGE[locale]]).toBe(locale);
  });

  it('names every language in itself', () => {
    expect(Object.keys(LOCALE_LABELS).sort()).toEqual([...LOCALES].sort());
  });
});
