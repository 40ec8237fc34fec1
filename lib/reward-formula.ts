import { formatUnits } from 'viem';
import { trimPercent } from './dividend';
import { WLD_DECIMALS, formatAmount } from './money';

/** 2 decimals rounded down (spec §5); an amount below 0.01 shows its first significant decimals instead of 0.00. */
export function formulaAmount(base: bigint): string {
  if (base <= 0n || base >= 10n ** BigInt(WLD_DECIMALS - 2)) return formatAmount(base);
  const [, frac = ''] = formatUnits(base, WLD_DECIMALS).split('.');
  const firstDigit = frac.search(/[1-9]/);
  return `0.${frac.slice(0, Math.min(firstDigit + 2, WLD_DECIMALS)).replace(/0+$/, '')}`;
}

/**
 * How a reward was computed, in numbers: the source stake's principal × its daily percent × the reward
 * percent, e.g. `100.00 × 0.5% × 10% = 0.05`; a team reward that adds a level bonus to a generation's rate
 * shows both: `100.00 × 0.5% × (5% + 2%) = 0.03`.
 */
export function rewardFormula(r: { sourceAmount: bigint; scale: string; rate: string; bonus: string; amount: bigint }): string {
  const rate = trimPercent(r.rate);
  const bonus = trimPercent(r.bonus);
  const percent = rate !== '0' && bonus !== '0' ? `(${rate}% + ${bonus}%)` : `${rate !== '0' ? rate : bonus}%`;
  return `${formatAmount(r.sourceAmount)} × ${trimPercent(r.scale)}% × ${percent} = ${formulaAmount(r.amount)}`;
}
