import { formatUnits, parseUnits } from 'viem';

export const WLD_DECIMALS = 18;

/** Display of base units with exactly 2 decimals, rounded down (spec section 5). */
export function formatAmount(base: bigint, decimals = WLD_DECIMALS): string {
  const negative = base < 0n;
  const abs = negative ? -base : base;
  const cents = abs / 10n ** BigInt(decimals - 2);
  const whole = (cents / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${whole}.${(cents % 100n).toString().padStart(2, '0')}`;
}

/** Up to 6 significant decimals, for small amounts such as an ETH fee. */
export function formatFee(base: bigint, decimals = 18): string {
  const text = formatUnits(base, decimals);
  const [whole, frac = ''] = text.split('.');
  const trimmed = frac.slice(0, 6).replace(/0+$/, '');
  return trimmed ? `${whole}.${trimmed}` : (whole ?? '0');
}

export type AmountCheck = { ok: true; value: bigint } | { ok: false; reason: 'required' | 'invalid' };

/**
 * A user-typed token amount: required, positive (or zero with `allowZero`, as for a fee), at most `decimals`
 * decimals; parsed exactly to base units.
 */
export function parseAmount(input: string, decimals = WLD_DECIMALS, { allowZero = false } = {}): AmountCheck {
  const text = input.trim();
  if (!text) return { ok: false, reason: 'required' };
  if (!/^\d{1,30}(\.\d+)?$/.test(text) || (text.split('.')[1]?.length ?? 0) > decimals) return { ok: false, reason: 'invalid' };
  const value = parseUnits(text, decimals);
  return value > 0n || allowZero ? { ok: true, value } : { ok: false, reason: 'invalid' };
}
