import { formatUnits } from 'viem';

export const WLD_DECIMALS = 18;

/** Display of base units with exactly 2 decimals, rounded down (spec section 5). */
export function formatAmount(base: bigint, decimals = WLD_DECIMALS): string {
  const negative = base < 0n;
  const abs = negative ? -base : base;
  const cents = abs / 10n ** BigInt(decimals - 2);
  const whole = (cents / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${whole}.${(cents % 100n).toString().padStart(2, '0')}`;
}

/** An amount still needed, rounded up to 2 decimals (a shortfall of 0.001 reads 0.01, never 0.00). */
export function formatShortfall(base: bigint, decimals = WLD_DECIMALS): string {
  const cent = 10n ** BigInt(decimals - 2);
  return formatAmount(((base + cent - 1n) / cent) * cent, decimals);
}

/** Up to 6 significant decimals, for small amounts such as an ETH fee. */
export function formatFee(base: bigint, decimals = 18): string {
  const text = formatUnits(base, decimals);
  const [whole, frac = ''] = text.split('.');
  const trimmed = frac.slice(0, 6).replace(/0+$/, '');
  return trimmed ? `${whole}.${trimmed}` : (whole ?? '0');
}

/** Base units as the exact decimal text an operator types back ("100", "0.5"), which parseAmount reads. */
export function amountText(base: bigint, decimals = WLD_DECIMALS): string {
  return formatUnits(base, decimals);
}

/** A reply's base units (a decimal integer, a sign allowed) as a bigint; undefined for anything else. */
export function baseUnitsOf(text: string | null | undefined): bigint | undefined {
  return text !== null && text !== undefined && /^-?\d+$/.test(text) ? BigInt(text) : undefined;
}

const WLD = 10n ** BigInt(WLD_DECIMALS);

/** Inclusive bounds of an amount, in base units, and its decimals (18 for WLD and for ETH). */
export type AmountBounds = { min: bigint; max: bigint; decimals?: number };

/**
 * The bounds of each place an amount is typed: one parser (parseAmount), one table of what each use allows.
 * `max` is always a whole number of WLD below a power of ten, as the old per-use regexes had it.
 */
export const AMOUNT_BOUNDS = {
  /** A member's recharge, withdrawal or transfer: more than zero, below 10^30 WLD (the balance checks come after). */
  member: { min: 1n, max: 10n ** 30n * WLD - 1n },
  /** The Vault's ETH fee the owner sets: zero allowed (no fee), below 10^30 ETH. */
  vaultFee: { min: 0n, max: 10n ** 30n * WLD - 1n },
  /** An operator's WLD setting (a wallet minimum, the community amount, a rule threshold): zero allowed, below 10^12 WLD. */
  setting: { min: 0n, max: 10n ** 12n * WLD - 1n },
  /** A staking level: more than zero, below 10^9 WLD (its sort column, an int4, holds the whole-WLD amount). */
  level: { min: 1n, max: 10n ** 9n * WLD - 1n },
  /** The Vault owner's payout caps and approval threshold (scripts/vault-owner.ts): zero allowed, below 10^20 WLD. */
  payoutCap: { min: 0n, max: 10n ** 20n * WLD - 1n },
} as const satisfies Record<string, AmountBounds>;

export type AmountProblem = 'required' | 'invalid' | 'tooPrecise' | 'belowMin' | 'aboveMax';
export type AmountCheck = { ok: true; value: bigint } | { ok: false; reason: AmountProblem };

/**
 * The one parser of a typed amount: decimal text (trimmed; digits, at most one point with digits on both
 * sides; no sign, exponent, grouping or leading point) with at most `decimals` decimals, to exact base units
 * within [min, max]. `required`: empty; `invalid`: not such text; `tooPrecise`: more decimals than the token has.
 */
export function parseAmount(input: string, { min, max, decimals = WLD_DECIMALS }: AmountBounds): AmountCheck {
  const text = input.trim();
  if (!text) return { ok: false, reason: 'required' };
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return { ok: false, reason: 'invalid' };
  const whole = match[1]!.replace(/^0+(?=\d)/, '');
  const frac = match[2] ?? '';
  if (frac.length > decimals) return { ok: false, reason: 'tooPrecise' };
  // Compare lengths before BigInt so a pasted wall of digits costs nothing.
  if (whole.length > (max / 10n ** BigInt(decimals)).toString().length) return { ok: false, reason: 'aboveMax' };
  const value = BigInt(whole) * 10n ** BigInt(decimals) + BigInt(frac.padEnd(decimals, '0') || '0');
  if (value < min) return { ok: false, reason: 'belowMin' };
  if (value > max) return { ok: false, reason: 'aboveMax' };
  return { ok: true, value };
}

/** An operator's (English) reading of a refusal, for the admin CLI and scripts. */
export function amountProblemText(reason: AmountProblem, { min, max, decimals = WLD_DECIMALS }: AmountBounds): string {
  const unit = 10n ** BigInt(decimals);
  switch (reason) {
    case 'required':
      return 'an amount is required';
    case 'invalid':
      return 'digits with an optional decimal point, such as 100 or 0.5';
    case 'tooPrecise':
      return `at most ${decimals} decimals`;
    case 'belowMin':
      return min === 1n ? 'more than zero' : `at least ${formatUnits(min, decimals)}`;
    case 'aboveMax':
      return (max + 1n) % unit === 0n ? `below ${(max + 1n) / unit}` : `at most ${formatUnits(max, decimals)}`;
  }
}
