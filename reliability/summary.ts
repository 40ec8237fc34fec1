// Prints the reliability suite's figures (what the tests recorded with recordFigure), summed by name.
import { existsSync, readFileSync } from 'node:fs';

const file = process.argv[2];
const totals = new Map<string, number>([
  ['kills survived', 0],
  ['requests fuzzed', 0],
  ['5xx count', 0],
  ['server busy', 0],
  ['replays refused', 0],
  ['cross-member refused', 0],
  ['cross-member accepted', 0],
  ['backups restored', 0],
  ['writes during backups', 0],
  ['acknowledged writes lost', 0],
  ['acknowledged writes duplicated', 0],
]);
if (file && existsSync(file)) {
  for (const line of readFileSync(file, 'utf8').split('\n').filter(Boolean)) {
    const { name, value } = JSON.parse(line) as { name: string; value: number };
    totals.set(name, (totals.get(name) ?? 0) + value);
  }
}
console.log(`\n== reliability: ${[...totals].map(([name, value]) => `${name} ${value}`).join(', ')}`);
