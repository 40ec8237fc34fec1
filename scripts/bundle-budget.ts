// The size budget of Home's first-load JavaScript, part of `npm test`: fails when the production export's
// first load (measured as `npm run bench:bundle` does, stack/first-load.ts) passes 200 KiB gzip, or
// carries one of the libraries it must not (pdfjs, qrcode, a runtime ICU message parser).
// A size, not a timing. HOME_FIRST_LOAD_BUDGET_KIB overrides the budget (to see the check fail, say).
import { KIB, kib, measureHomeFirstLoad } from '../stack/first-load';

const BUDGET_KIB = Number(process.env.HOME_FIRST_LOAD_BUDGET_KIB ?? 200);

const load = await measureHomeFirstLoad();
const verdict = `Home's first load: ${load.scripts.length} scripts, ${kib(load.gzip)} KiB gzip (budget ${BUDGET_KIB} KiB)`;
if (load.gzip > BUDGET_KIB * KIB) {
  console.error(`${verdict}: over budget. Largest scripts:`);
  for (const s of load.scripts.slice(0, 8)) console.error(`${kib(s.gzip).padStart(7)} KiB gz  ${s.path}`);
  console.error('Load what the first screen does not show with the code that shows it (React.lazy / import()); `npm run bench:bundle` lists every chunk.');
  process.exit(1);
}
if (load.heavy.length > 0) {
  console.error(`${verdict}, but it carries what the first screen must not: ${load.heavy.join(', ')}`);
  process.exit(1);
}
console.log(`${verdict}: within budget`);
