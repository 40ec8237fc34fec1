import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { levels } from './tables';
import { termsByStake } from './terms';
import type { User } from '../users/registry';
import { trimPercent } from '../../lib/dividend';
import { annualized, dailyDividend, inRedeemWindow, isOpen, redeemBy, stateLabel, totalDividend } from './math';
import { paidByStake } from '../ledger/dividends';
import { stakesIn } from './service';
import { readPage } from '../paging';

const seconds = (ms: number) => String(Math.max(0, Math.floor(ms / 1000)));

/**
 * The stake records of spec section 3, newest first. Amounts are decimal strings of WLD base units;
 * durations are seconds; times are unix seconds; ratios are percent strings.
 */
export async function stakeRecords(deps: { db: Db; clock: Clock }, user: User, page: number, limit: number) {
  const now = deps.clock.now();
  const { list: pageRows, has_more } = await readPage(page, limit, (w) => stakesIn(deps.db, user, w));
  const ids = pageRows.map((r) => r.id);
  const [paid, terms, levelRows] = await Promise.all([paidByStake(deps.db, ids), termsByStake(deps.db, pageRows), deps.db.select().from(levels)]);
  const levelNum = new Map(levelRows.map((l) => [l.id, l.num]));
  const list = pageRows.map((s) => {
    const total = totalDividend(terms.get(s.id) ?? [], s.days);
    const dividendPaid = paid.get(s.id) ?? 0n;
    const state = stateLabel(s.status, s.endsAt, now);
    const windowOpen = isOpen(s.status) && inRedeemWindow(s.endsAt, now);
    return {
      pledge_id: String(s.id),
      level_id: String(s.levelId),
      level_num: (levelNum.get(s.levelId) ?? s.amount).toString(),
      day: String(s.days),
      scale: trimPercent(s.scale),
      daily_dividend: dailyDividend(s.amount, s.scale).toString(),
      total_dividend: total.toString(),
      dividend_paid: dividendPaid.toString(),
      dividend_remaining: (total - dividendPaid).toString(),
      staked_duration: seconds(Math.min(now.getTime(), s.endsAt.getTime()) - s.startedAt.getTime()),
      remaining_time: seconds(s.endsAt.getTime() - now.getTime()),
      stake_time: String(Math.floor(s.startedAt.getTime() / 1000)),
      end_time: String(Math.floor(s.endsAt.getTime() / 1000)),
      redeem_by: String(Math.floor(redeemBy(s.endsAt).getTime() / 1000)),
      amount: s.amount.toString(),
      cumulative_amount: s.cumulative.toString(),
      annualized: annualized(s.scale),
      status: s.status,
      state,
      can_upgrade: s.status === 'active' && now < s.endsAt,
      can_apply_redeem: windowOpen && !s.redeemAppliedAt,
      can_confirm_redeem: windowOpen && Boolean(s.redeemAppliedAt),
    };
  });
  return { list, page: String(page), has_more };
}
