import { and, gt, inArray, lte } from 'drizzle-orm';
import type { Db } from '../db/client';
import { stakes } from './tables';

export type EndedStake = { id: number; userId: number; amount: bigint; endsAt: Date };

/**
 * Stakes not redeemed or renewed (active, or expired and in their redemption window) whose `endsAt + shift`
 * falls in (from, to]: with shift 0 the periods that ended, with a shift of 24 h less a few hours the windows
 * about to close. For the reminder emails (server/reminders/).
 */
export async function openStakesEndingBetween(db: Db, from: Date, to: Date, shiftMs = 0): Promise<EndedStake[]> {
  // The shift moves the bounds, not the column, so the (status, ends_at) index serves the range.
  return db
    .select({ id: stakes.id, userId: stakes.userId, amount: stakes.amount, endsAt: stakes.endsAt })
    .from(stakes)
    .where(
      and(
        inArray(stakes.status, ['active', 'expired']),
        gt(stakes.endsAt, new Date(from.getTime() - shiftMs)),
        lte(stakes.endsAt, new Date(to.getTime() - shiftMs)),
      ),
    );
}
