import { and, eq, gte, isNull, sql, sum } from 'drizzle-orm';
import type { Clock } from '../clock';
import { DAY_MS } from '../clock';
import type { Queryable } from '../db/client';
import { balances, deposits, withdrawals } from '../ledger/tables';
import { coverageThreshold } from '../operators/reserve-threshold';
import { owedByStakes } from './reserves-owed';
import { type VaultChain, type VaultWld, vaultWldAtFinalized } from './vault-wld';

/** The window the runway's outflow is measured over. */
export const OUTFLOW_DAYS = 7;

/**
 * The reserves against what is promised (docs/console.md, "Reserves"), all in WLD base units:
 * - `vault`: the Vault's WLD at the finalized block (null without a chain, or when it cannot be read: `vaultError`);
 * - `owed`: the members' in-app balances, the open stakes' principal, the dividends and the referral rewards still
 *   owed until each open stake's term ends (reserves-owed.ts), the withdrawals under review (held, off the balances)
 *   and those approved but not yet paid; `total` their sum;
 * - `renewal`: what auto-renewal adds for the next term (dividends and rewards; not in `total`);
 * - `outflow`: over the last OUTFLOW_DAYS, the payouts confirmed paid less the recharges credited;
 * - `coverage`: Vault WLD / total owed, exact (null when nothing is owed or the Vault is unknown);
 * - `runwayDays`: the Vault's WLD at the window's average daily net outflow (null: no outflow, or the Vault unknown);
 * - `threshold`: the operators' minimum coverage in percent (null: none), `below`: coverage under it.
 */
export type Reserves = {
  at: Date;
  vault: VaultWld | null;
  vaultError?: string;
  owed: { balances: bigint; principal: bigint; dividends: bigint; rewards: bigint; withdrawalsHeld: bigint; withdrawalsApproved: bigint; total: bigint };
  renewal: { dividends: bigint; rewards: bigint };
  outflow: { days: number; payouts: bigint; recharges: bigint; net: bigint };
  coverage: { vault: bigint; owed: bigint } | null;
  runwayDays: { vault: bigint; perDay: { net: bigint; days: number } } | null;
  threshold: string | null;
  below: boolean;
};

const total = async (q: Promise<{ total: string | null }[]>) => BigInt((await q)[0]?.total ?? 0);

export async function reserves(db: Queryable, clock: Clock, chain?: VaultChain): Promise<Reserves> {
  const at = clock.now();
  const since = new Date(at.getTime() - OUTFLOW_DAYS * DAY_MS);
  let vault: VaultWld | null = null;
  let vaultError: string | undefined;
  if (chain) {
    try {
      vault = await vaultWldAtFinalized(chain);
    } catch (error) {
      vaultError = ((error as { shortMessage?: string }).shortMessage ?? String((error as Error).message ?? error)).split('\n')[0]!.slice(0, 200);
    }
  }
  const inApp = await total(db.select({ total: sum(balances.amount) }).from(balances));
  const held = await total(
    db
      .select({ total: sum(withdrawals.amount) })
      .from(withdrawals)
      .where(eq(withdrawals.status, 'under-review')),
  );
  const approved = await total(
    db
      .select({ total: sum(withdrawals.amount) })
      .from(withdrawals)
      .where(and(eq(withdrawals.status, 'audit-successful'), isNull(withdrawals.paidAt))),
  );
  const payouts = await total(
    db
      .select({ total: sum(withdrawals.amount) })
      .from(withdrawals)
      .where(and(gte(withdrawals.paidAt, since), sql`${withdrawals.paidAt} <= ${at.toISOString()}::timestamptz`)),
  );
  const recharges = await total(
    db
      .select({ total: sum(deposits.amount) })
      .from(deposits)
      .where(and(gte(deposits.creditedAt, since), sql`${deposits.creditedAt} <= ${at.toISOString()}::timestamptz`)),
  );
  const stakesOwe = await owedByStakes(db);
  const owed = {
    balances: inApp,
    principal: stakesOwe.principal,
    dividends: stakesOwe.dividends,
    rewards: stakesOwe.rewards,
    withdrawalsHeld: held,
    withdrawalsApproved: approved,
    total: inApp + stakesOwe.principal + stakesOwe.dividends + stakesOwe.rewards + held + approved,
  };
  const net = payouts - recharges;
  const coverage = vault && owed.total > 0n ? { vault: vault.wld, owed: owed.total } : null;
  const threshold = await coverageThreshold(db);
  const report: Reserves = {
    at,
    vault,
    ...(vaultError ? { vaultError } : {}),
    owed,
    renewal: stakesOwe.renewal,
    outflow: { days: OUTFLOW_DAYS, payouts, recharges, net },
    coverage,
    runwayDays: vault && net > 0n ? { vault: vault.wld, perDay: { net, days: OUTFLOW_DAYS } } : null,
    threshold,
    below: Boolean(coverage && threshold !== null && isBelow(coverage, threshold)),
  };
  lastRatio = coverage ? Number(ratioText(coverage.vault, coverage.owed, 6)) : null;
  return report;
}

/** vault / owed < threshold %, exactly (the threshold has at most 2 decimals). */
export const isBelow = (c: { vault: bigint; owed: bigint }, thresholdPercent: string) => c.vault * 10_000n < percentHundredths(thresholdPercent) * c.owed;
const percentHundredths = (p: string) => {
  const [whole, frac = ''] = p.split('.');
  return BigInt(whole!) * 100n + BigInt(frac.padEnd(2, '0').slice(0, 2));
};

/** num / den as a decimal with `places` places, rounded down (den > 0). */
export function ratioText(num: bigint, den: bigint, places: number): string {
  const scaled = (num * 10n ** BigInt(places)) / den;
  const text = scaled.toString().padStart(places + 1, '0');
  return places === 0 ? text : `${text.slice(0, -places)}.${text.slice(-places)}`;
}

/** The coverage as a percent with 2 decimals (rounded down), the runway in days with 1. */
export const coveragePercent = (c: NonNullable<Reserves['coverage']>) => ratioText(c.vault * 100n, c.owed, 2);
export const runwayText = (r: NonNullable<Reserves['runwayDays']>) => ratioText(r.vault * BigInt(r.perDay.days), r.perDay.net, 1);

let lastRatio: number | null = null;
/**
 * The coverage ratio (Vault WLD / total owed; 1 = exactly covered) of the latest reserves computed in this process
 * (the alerts' check computes them every ALERT_INTERVAL_MS, the console on each view), or null before any, when
 * nothing is owed or the Vault is unknown. Costs nothing: for a metrics scrape.
 */
export const lastCoverageRatio = (): number | null => lastRatio;
