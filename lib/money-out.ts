import type { ErrorKey } from './errors/catalogue';
import { type EthFunds, coversFeeAndGas } from './gas';

/**
 * Gas a withdraw or transfer request may need: `npm run bench:gas` measures 47,979 for the very first
 * request (it writes the counter from zero), about 31,000 after; the budget leaves a wallet's margin.
 */
export const REQUEST_GAS_BUDGET = 80_000n;

export type MoneyOutFunds = EthFunds & {
  /** The amount to withdraw or transfer, the in-app (ledger) balance and the operator's minimum ('0' = none), in WLD base units. */
  amount: bigint;
  balance: bigint;
  minimum: bigint;
};

export type MoneyOutShortfall = 'belowMinimum' | Extract<ErrorKey, 'insufficientBalance' | 'notEnoughGas'>;

/**
 * Checked before a withdraw or transfer request is sent: the amount within the in-app balance and not
 * below the minimum, and the wallet's ETH for the Vault's fee plus gas. Returns what is wrong, or null.
 */
export function moneyOutShortfall(f: MoneyOutFunds): MoneyOutShortfall | null {
  if (f.amount > f.balance) return 'insufficientBalance';
  if (f.minimum > 0n && f.amount < f.minimum) return 'belowMinimum';
  if (!coversFeeAndGas(f, REQUEST_GAS_BUDGET)) return 'notEnoughGas';
  return null;
}
