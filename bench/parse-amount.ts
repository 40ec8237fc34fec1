// What refusing a pasted wall of digits costs: `npm run bench:parse-amount [runs]`. parseAmount compares the whole
// part's length with the bound's before any BigInt, so a million-digit paste should cost what scanning it costs.
// Figures only, never asserted (lib/money.test.ts proves no BigInt of the paste is made).
import { AMOUNT_BOUNDS, parseAmount } from '../lib/money';

const RUNS = Number(process.argv[2] ?? 21);
const cases: [string, string][] = [
  ['a typed amount, 123.45', '123.45'],
  ['a 1,000-digit paste', '9'.repeat(1_000)],
  ['a 1,000,000-digit paste', '9'.repeat(1_000_000)],
  ['a 1,000,000-digit paste with a decimal point', `${'9'.repeat(500_000)}.${'9'.repeat(500_000)}`],
];

console.log(`parseAmount(text, AMOUNT_BOUNDS.member), ${RUNS} runs each (median / worst, ms):`);
for (const [name, text] of cases) {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    parseAmount(text, AMOUNT_BOUNDS.member);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  console.log(`  ${name.padEnd(48)} ${(times[Math.floor(RUNS / 2)] ?? Number.NaN).toFixed(3)} / ${(times[RUNS - 1] ?? Number.NaN).toFixed(3)}`);
}
