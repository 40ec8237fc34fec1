// `npm run reserves`: the Vault's WLD at the finalized block against what is owed, the coverage and the runway
// (server/views/reserves.ts). `npm run reserves -- threshold <percent|off>` sets the coverage threshold. Goes through
// the running server when there is one (PGlite allows one process on the data folder), else opens the database itself.
import { formatUnits } from 'viem';
import type { Reserves } from '../lib/console-api/replies';
import { operate } from './lib/admin-client';

const [command, value] = process.argv.slice(2);
if (command === 'threshold') {
  const set = (await operate('reserves.threshold', [value ?? '']).catch((error: Error) => {
    console.error(error.message);
    process.exit(1);
  })) as { threshold: string | null };
  console.log(set.threshold === null ? 'Coverage threshold: none' : `Coverage threshold: ${set.threshold} %`);
  process.exit(0);
}
if (command !== undefined) {
  console.error('usage: npm run reserves [-- threshold <percent|off>]');
  process.exit(2);
}

const r = (await operate('reserves.read', [])) as Reserves;
const wld = (units: string) => `${formatUnits(BigInt(units), 18)} WLD`;
const rows: [string, string][] = [
  [
    'Vault WLD (finalized block)',
    r.vault ? `${wld(r.vault.wld)} at block ${r.vault.block}` : r.vaultError ? `unreadable: ${r.vaultError}` : 'no chain configured',
  ],
  ["Members' in-app balances", wld(r.owed.balances)],
  ['Staked principal (open stakes)', wld(r.owed.principal)],
  ['Dividends owed to term end', wld(r.owed.dividends)],
  ['Referral rewards on them', wld(r.owed.rewards)],
  ['Withdrawals under review (held)', wld(r.owed.withdrawalsHeld)],
  ['Withdrawals approved, unpaid', wld(r.owed.withdrawalsApproved)],
  ['Total owed', wld(r.owed.total)],
  ['Auto-renewal adds (next term)', `${wld(r.renewal.dividends)} dividends + ${wld(r.renewal.rewards)} rewards`],
  [`Net outflow, last ${r.outflow.days} days`, `${wld(r.outflow.net)} (paid out ${wld(r.outflow.payouts)} − recharged ${wld(r.outflow.recharges)})`],
  ['Coverage', r.coveragePercent === null ? '—' : `${r.coveragePercent} %`],
  ['Runway', r.runwayDays === null ? (r.vault ? 'no outflow' : '—') : `${r.runwayDays} days`],
  ['Threshold', r.threshold === null ? 'none' : `${r.threshold} %${r.below ? ' — BELOW' : ''}`],
];
const width = Math.max(...rows.map(([k]) => k.length));
for (const [k, v] of rows) console.log(`${k.padEnd(width)}  ${v}`);
