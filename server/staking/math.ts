/** Pure staking arithmetic in bigint base units; no floats anywhere. */
import type { StakeState, StakeStatus } from '../../lib/api/replies';
import { dailyDividend } from '../../lib/dividend';
import { DAY_MS } from '../clock';

export { annualized, dailyDividend, scaleUnits } from '../../lib/dividend';
export const REDEEM_WINDOW_MS = DAY_MS;

export type Terms = { fromDay: number; amount: bigint; scale: string };

/** The terms in force on day `day`: the latest whose fromDay ≤ day. */
export function termsOn(terms: readonly Terms[], day: number): Terms {
  let found: Terms | undefined;
  for (const t of terms) if (t.fromDay <= day && (!found || t.fromDay >= found.fromDay)) found = t;
  if (!found) throw new Error('stake has no terms for day ' + day);
  return found;
}

export const dividendOn = (terms: readonly Terms[], day: number) => {
  const t = termsOn(terms, day);
  return dailyDividend(t.amount, t.scale);
};

/** Total dividend over the period = Σ daily dividend of each day under the terms in force that day. */
export function totalDividend(terms: readonly Terms[], days: number): bigint {
  let total = 0n;
  for (let day = 0; day < days; day++) total += dividendOn(terms, day);
  return total;
}

/** Full days completed at `now`, capped at the period. */
export const completedDays = (startedAt: Date, days: number, now: Date) =>
  Math.max(0, Math.min(days, Math.floor((now.getTime() - startedAt.getTime()) / DAY_MS)));

/** The 24 hours after the period ends: the only time a stake can be redeemed (after it, the job renews it). */
export const inRedeemWindow = (endsAt: Date, now: Date) => now >= endsAt && now.getTime() < endsAt.getTime() + REDEEM_WINDOW_MS;

/** The end of the redemption window: the last moment a stake that ended at `endsAt` can be redeemed. */
export const redeemBy = (endsAt: Date) => new Date(endsAt.getTime() + REDEEM_WINDOW_MS);

/** A stake not yet redeemed or renewed. */
export const isOpen = (status: StakeStatus) => status === 'active' || status === 'expired';

/** The record's label: active until the period ends, redemption-eligible for the 24 hours after, expired after that. */
export function stateLabel(status: StakeStatus, endsAt: Date, now: Date): StakeState {
  if (status === 'active' && now < endsAt) return 'active';
  return isOpen(status) && inRedeemWindow(endsAt, now) ? 'redemption-eligible' : 'expired';
}
