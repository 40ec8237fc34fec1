import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { pinyin } from 'pinyin-pro';
import cities from './divisions-cities.json';
import provinces from './divisions-provinces.json';
import { citiesOf, inLatin, joinSyllables, latinNames, placeName } from './divisions';

const data = { provinces, cities };
const syllables = (han: string) => pinyin(han, { toneType: 'none', type: 'array' });
const stored = JSON.parse(readFileSync('lib/divisions-latin.json', 'utf8')) as Record<string, string>;
const code = (name: string) => [...provinces, ...cities].find((d) => d.name === name)!.code;

describe('Latin names of provinces and cities', () => {
  it("lib/divisions-latin.json is what scripts/divisions-latin.ts writes from today's packages", () => {
    expect(stored).toEqual(latinNames(data, syllables));
  });
  it('writes place names as atlases do: no suffix, apostrophes, Shaanxi apart from Shanxi', () => {
    expect(placeName('广东省')).toBe('广东');
    expect(placeName('延边朝鲜族自治州')).toBe('延边');
    expect(placeName('内蒙古自治区')).toBe('内蒙古');
    expect(joinSyllables(['xi', 'an'])).toBe("Xi'an");
    expect(stored[code('广东省')]).toBe('Guangdong');
    expect(stored[code('西安市')]).toBe("Xi'an");
    expect(stored[code('陕西省')]).toBe('Shaanxi');
    expect(stored[code('山西省')]).toBe('Shanxi');
    expect(stored[code('重庆市')]).toBe('Chongqing');
    expect(stored[code('喀什地区')]).toBe('Kashi');
    expect(stored[code('海西蒙古族藏族自治州')]).toBe('Haixi');
  });
  it("names a municipality's districts after it in Latin too", () => {
    const latin = inLatin(data, stored);
    const beijing = latin.provinces.find((p) => p.name === 'Beijing')!;
    expect(citiesOf(latin, beijing.code).map((c) => c.name)).toEqual(['Beijing']);
    expect(latin.provinces.every((p) => /^[A-Z][a-z']+$/.test(p.name))).toBe(true);
  });
});
