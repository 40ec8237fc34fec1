// First-load JavaScript of the home screen, chunk by chunk: `npm run bench:bundle` measures the production
// export (stack/first-load.ts; the same figure `npm test` holds to its budget in scripts/bundle-budget.ts).
import { kib, measureHomeFirstLoad } from '../stack/first-load';

const load = await measureHomeFirstLoad();
for (const s of load.scripts) console.log(`${kib(s.gzip).padStart(7)} KiB gz ${kib(s.raw).padStart(8)} KiB  ${s.path}`);
console.log(`home first load: ${load.scripts.length} scripts, ${kib(load.gzip)} KiB gzip (${kib(load.raw)} KiB raw)`);
console.log(
  load.heavy.length
    ? `heavy libraries in the first load: ${load.heavy.join(', ')}`
    : 'pdfjs, qrcode and a runtime ICU message parser are not in the first load',
);
