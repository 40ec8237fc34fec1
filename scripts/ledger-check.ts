// `npm run ledger:check`: proves balance = sum of ledger entries for every user (exit 1 otherwise).
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { ledgerMismatches } from '../server/ledger/ledger';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? undefined : config.dataDir });
const mismatches = await ledgerMismatches(database.db);
await database.close();
if (mismatches.length) {
  console.error('Ledger mismatch:', mismatches);
  process.exit(1);
}
console.log('Ledger check: every balance equals the sum of its entries.');
