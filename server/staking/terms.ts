import { inArray } from 'drizzle-orm';
import type { Queryable, Tx } from '../db/client';
import type { Terms } from './math';
import { stakeTerms } from './tables';

/**
 * A stake's terms: what it earns on from each day of its period (docs/rewards.md, "A stake's terms"). Until it is
 * upgraded, the stake's own amount and scale, from day 0, and no `stake_terms` row: opening a stake (investSave,
 * a renewal) writes none (migration 0023 removed those written before). Its first upgrade writes its terms down,
 * the ones it had from day 0 and the new ones from the next day, so a stake that has `stake_terms` rows has them
 * all, from day 0; the stake's own amount and scale are then those of its latest row. Every reader takes the rows
 * when there are any, else the stake's own: this module, and the daily job's due days (due-days.ts `dueColumns`).
 */
export type StakeOwnTerms = { id: number; amount: bigint; scale: string };

/** The terms of a stake from its `stake_terms` rows (all of them), or its own from day 0 when it has none. */
export function termsOf(stake: StakeOwnTerms, rows: readonly Terms[]): Terms[] {
  return rows.length > 0 ? [...rows] : [{ fromDay: 0, amount: stake.amount, scale: stake.scale }];
}

/** termsOf for each of these stakes, in one query. */
export async function termsByStake(db: Queryable, list: readonly StakeOwnTerms[]): Promise<Map<number, Terms[]>> {
  const ids = list.map((s) => s.id);
  const rows = ids.length
    ? await db
        .select({ stakeId: stakeTerms.stakeId, fromDay: stakeTerms.fromDay, amount: stakeTerms.amount, scale: stakeTerms.scale })
        .from(stakeTerms)
        .where(inArray(stakeTerms.stakeId, ids))
    : [];
  const written = new Map<number, Terms[]>();
  for (const { stakeId, ...t } of rows) written.set(stakeId, [...(written.get(stakeId) ?? []), t]);
  return new Map(list.map((s) => [s.id, termsOf(s, written.get(s.id) ?? [])]));
}

/**
 * An upgrade's terms, in the upgrade's transaction, with the stake's row locked and `before` as it was read under
 * that lock: the terms the stake had from day 0, written down if they were still its own (after an earlier upgrade
 * they are there already and stay), and the new terms from `fromDay` (≥ 1; a second upgrade the same day replaces
 * the first's).
 */
export async function recordUpgradeTerms(tx: Tx, before: StakeOwnTerms, fromDay: number, next: { amount: bigint; scale: string }): Promise<void> {
  await tx.insert(stakeTerms).values({ stakeId: before.id, fromDay: 0, amount: before.amount, scale: before.scale }).onConflictDoNothing();
  await tx
    .insert(stakeTerms)
    .values({ stakeId: before.id, fromDay, amount: next.amount, scale: next.scale })
    .onConflictDoUpdate({ target: [stakeTerms.stakeId, stakeTerms.fromDay], set: { amount: next.amount, scale: next.scale } });
}
