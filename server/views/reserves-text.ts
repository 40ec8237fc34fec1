import type * as R from '../../lib/console-api/replies';
import { type Reserves, coveragePercent, runwayText } from './reserves';

/** The reserves as the console and the CLI read them: amounts as decimal strings of base units (lib/console-api/replies.ts). */
export const reservesText = (r: Reserves, incidents: R.Reserves['incidents'] = []): R.Reserves => ({
  at: r.at.toISOString(),
  vault: r.vault && { wld: r.vault.wld.toString(), block: r.vault.block.toString() },
  vaultError: r.vaultError ?? null,
  owed: {
    balances: r.owed.balances.toString(),
    principal: r.owed.principal.toString(),
    dividends: r.owed.dividends.toString(),
    rewards: r.owed.rewards.toString(),
    withdrawalsHeld: r.owed.withdrawalsHeld.toString(),
    withdrawalsApproved: r.owed.withdrawalsApproved.toString(),
    total: r.owed.total.toString(),
  },
  renewal: { dividends: r.renewal.dividends.toString(), rewards: r.renewal.rewards.toString() },
  outflow: { days: r.outflow.days, payouts: r.outflow.payouts.toString(), recharges: r.outflow.recharges.toString(), net: r.outflow.net.toString() },
  coveragePercent: r.coverage && coveragePercent(r.coverage),
  runwayDays: r.runwayDays && runwayText(r.runwayDays),
  threshold: r.threshold,
  below: r.below,
  incidents,
});
