// `npm run ledger:check`: proves balance = sum of ledger entries and dividends rows for every user and that every
// withdrawal's hold matches its status (exit 1 otherwise). Goes through the running server when there is one (PGlite
// allows one process on the data folder), else opens the database itself.
import { operate } from './lib/admin-client';

type Check = { balanceMismatches: unknown[]; heldMismatches: unknown[]; heldNow: string };

const check = (await operate('ledger.check', [])) as Check;
if (check.balanceMismatches.length || check.heldMismatches.length) {
  console.error('Ledger mismatch:', check);
  process.exit(1);
}
console.log(
  `Ledger check: every balance equals the sum of its entries and dividends; every withdrawal's hold matches its status; ${check.heldNow} base units held for withdrawals now.`,
);
