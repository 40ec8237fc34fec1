import { type Divisions, inLatin } from './divisions';

/** Whether the pickers name places in pinyin for this UI locale: all but Chinese (zh-CN, zh-TW). */
export const readsLatin = (locale: string): boolean => !locale.startsWith('zh');

/**
 * China's provinces and cities (lib/divisions-provinces.json and lib/divisions-cities.json, about 20 KB), in
 * Chinese, or in pinyin (lib/divisions-latin.json) when `latin`. Loaded on demand: the app's community screen
 * imports this and nothing on Home's first load does; the server reads the same files (server/community/divisions.ts).
 */
export async function loadDivisions(latin: boolean): Promise<Divisions> {
  const [provinces, cities, names] = await Promise.all([
    import('./divisions-provinces.json'),
    import('./divisions-cities.json'),
    latin ? import('./divisions-latin.json') : undefined,
  ]);
  const data = { provinces: provinces.default, cities: cities.default };
  return names ? inLatin(data, names.default) : data;
}
