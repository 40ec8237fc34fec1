// `npm run audit:verify`: recomputes the audit log's hash chain (server/operators/audit-chain.ts) and prints the rows
// checked and the head hash, or the first row that breaks it (exit 1). Goes through the running server when there is
// one (PGlite allows one process on the data folder), else opens the database itself.
import type { ChainReport } from '../server/operators/audit-chain';
import { operate } from './lib/admin-client';

const report = (await operate('audit.verify', [])) as ChainReport;
const rows = (n: number) => `${n} row${n === 1 ? '' : 's'}`;
if (!report.ok) {
  const why =
    report.firstBreak!.reason === 'hash'
      ? 'its content does not match its hash (the row was changed)'
      : 'it does not name the hash of the row before it (a row removed or inserted)';
  console.error(
    `Audit log chain BROKEN at row ${report.firstBreak!.id}: ${why}. ${rows(report.rows)} before it hold; their head hash ${report.head ?? '(none)'}.`,
  );
  process.exit(1);
}
console.log(`Audit log chain OK: ${rows(report.rows)} checked, head hash ${report.head ?? '(empty log)'}.`);
