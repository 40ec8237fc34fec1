/** Dividend arithmetic shared by the app and the server: bigint base units and exact percent strings. */
const SCALE_DECIMALS = 4;
export const SCALE_UNIT = 10n ** BigInt(SCALE_DECIMALS);

/** The one percent trimmer: a percent as stored ('0.5000', '10.0000') without trailing zeros ('0.5', '10'), for display. */
export const trimPercent = (value: string) => (value.includes('.') ? value.replace(/\.?0+$/, '') : value);

/** '0.5' (percent, up to 4 decimals) → 5000n, in 1/10 000 of a percent. */
export function scaleUnits(scale: string): bigint {
  const match = /^(\d{1,3})(?:\.(\d{1,4}))?0*$/.exec(scale.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, ''));
  if (!match) throw new Error(`invalid scale ${scale}`);
  return BigInt(match[1]!) * SCALE_UNIT + BigInt((match[2] ?? '').padEnd(SCALE_DECIMALS, '0'));
}

/** Daily dividend = amount × scale / 100, rounded down to a base unit. */
export const dailyDividend = (amount: bigint, scale: string) => (amount * scaleUnits(scale)) / (100n * SCALE_UNIT);

/** Annualized yield ratio = scale × 365, as an exact decimal string. */
export function annualized(scale: string): string {
  const units = scaleUnits(scale) * 365n;
  const whole = units / SCALE_UNIT;
  return trimPercent(`${whole}.${(units % SCALE_UNIT).toString().padStart(SCALE_DECIMALS, '0')}`);
}

const DAY_MS = 86_400_000;

/**
 * The day (0 = the stake's first) from which an upgrade made `elapsedMs` after the stake started earns on the new
 * level: the next of its 24-hour days, so no day is split between two rates. The server writes the new terms from it
 * (server/staking/service.ts upgrade); the upgrade sheet says when it starts.
 */
export const upgradeFromDay = (elapsedMs: number) => Math.floor(Math.max(0, elapsedMs) / DAY_MS) + 1;

/** When that day starts, in unix seconds, for a stake started at `stakeTime` (unix seconds) and staked `stakedSeconds` so far. */
export const upgradeStartsAt = (stakeTime: number, stakedSeconds: number) => stakeTime + (upgradeFromDay(stakedSeconds * 1000) * DAY_MS) / 1000;
