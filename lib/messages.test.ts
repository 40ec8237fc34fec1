import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { frenchAnglicisms, misplacedFrenchMarks } from './french-typography';
import { LOCALES } from './i18n';

type Tree = { [key: string]: string | Tree };
const load = (locale: string): Tree => JSON.parse(readFileSync(`messages/${locale}.json`, 'utf8'));
const flatten = (tree: Tree, prefix = ''): Map<string, string> =>
  new Map(Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [[prefix + k, v]] : [...flatten(v, `${prefix}${k}.`)])));
/** The arguments a message takes: `{name}`, or an ICU `{name, plural, …}`, each once. */
const placeholders = (text: string) => [...new Set([...text.matchAll(/\{\s*(\w+)\s*[,}]/g)].map((m) => m[1]))].sort().join(',');

const reference = flatten(load('en'));

describe.each(LOCALES)('messages/%s.json', (locale) => {
  const messages = flatten(load(locale));
  it('has exactly the keys of every other language', () => {
    expect([...messages.keys()].sort()).toEqual([...reference.keys()].sort());
  });
  it('uses the same placeholders in every message', () => {
    for (const [key, text] of reference) expect([key, placeholders(messages.get(key) ?? '')]).toEqual([key, placeholders(text)]);
  });
  it('uses the same rich-text tags in every message', () => {
    const tags = (text: string) =>
      [...text.matchAll(/<(\w+)>/g)]
        .map((m) => m[1])
        .sort()
        .join(',');
    for (const [key, text] of reference) expect([key, tags(messages.get(key) ?? '')]).toEqual([key, tags(text)]);
  });
  it('has no empty message', () => {
    for (const [key, text] of messages) expect([key, text.trim().length > 0]).toEqual([key, true]);
  });
});

describe('French typography', () => {
  it('puts a narrow no-break space (U+202F) before : ? ! ;', () => {
    for (const [key, text] of flatten(load('fr'))) {
      expect([key, misplacedFrenchMarks(text)]).toEqual([key, []]);
    }
  });
  it('says staking, never "un stake" (server/test/i18n.test.ts and stack/demo-content.test.ts check the server and the seed)', () => {
    for (const [key, text] of flatten(load('fr'))) expect([key, frenchAnglicisms(text)]).toEqual([key, []]);
  });
  it('finds what it looks for', () => {
    expect(misplacedFrenchMarks('Solde : 1')).toEqual([' :']);
    expect(frenchAnglicisms('Un stake actif ; les Stakes ; staker, staké, staking')).toEqual(['stake', 'Stakes']);
  });
});
