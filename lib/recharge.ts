import type { ErrorKey } from './errors/catalogue';
import { type EthFunds, coversFeeAndGas } from './gas';

/**
 * Gas a recharge may need with its approval: `npm run bench:gas` measures about 57,500 for recharge and
 * 46,000 for a first approve; the budget leaves room for busier storage and a wallet's own margin.
 */
export const RECHARGE_GAS_BUDGET = 150_000n;

export type RechargeFunds = EthFunds & {
  /** The amount to recharge and the WLD the wallet holds, in base units. */
  amount: bigint;
  wld: bigint;
};

/**
 * Checked before any transaction is sent: the wallet must hold the WLD, and the ETH for the Vault's fee
 * plus gas. Returns the catalogue's message for what is short, or null.
 */
export function rechargeShortfall(f: RechargeFunds): Extract<ErrorKey, 'insufficientBalance' | 'notEnoughGas'> | null {
  if (f.wld < f.amount) return 'insufficientBalance';
  if (!coversFeeAndGas(f, RECHARGE_GAS_BUDGET)) return 'notEnoughGas';
  return null;
}
