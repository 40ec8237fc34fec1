import { createRequire } from 'node:module';
import { type Divisions, type LatinNames, inLatin } from '../../lib/divisions';
import type { ApiLanguage } from '../../lib/i18n';

const require = createRequire(import.meta.url);

/** China's provinces and cities: the files the app's pickers load (lib/divisions-load.ts; server/test/community-divisions.test.ts). */
export const divisions: Divisions = {
  provinces: require('../../lib/divisions-provinces.json'),
  cities: require('../../lib/divisions-cities.json'),
};

/** The same, named in pinyin (lib/divisions-latin.json) for the languages the pickers show in Latin letters. */
const latin: Divisions = inLatin(divisions, require('../../lib/divisions-latin.json') as LatinNames);

/** The divisions named as a member reading `language` sees them in the pickers: Chinese for zh and cht, else pinyin. */
export const divisionsIn = (language: ApiLanguage): Divisions => (language === 'zh' || language === 'cht' ? divisions : latin);
