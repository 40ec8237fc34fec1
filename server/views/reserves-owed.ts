import { sql } from 'drizzle-orm';
import { DAY_MS } from '../clock';
import { type Queryable, rowsOf } from '../db/client';
import { type Line, type LineMember, rewardsOnDividend, rewardsTotal } from '../rewards/line';
import { type RuleTimeline, ruleTimeline, rulesAt } from '../rewards/rules';
import { dailyDividend, dividendOn, termsOn } from '../staking/math';
import { paidDaysOf, stakes } from '../staking/tables';
import { termsByStake } from '../staking/terms';
import { memberLines } from '../users/relations';

/**
 * What the open stakes still owe (docs/console.md, "Reserves"): every day of every open stake (active, or expired
 * and not yet redeemed or renewed) that the daily job has not paid, through the end of its term: its dividend under
 * its terms that day (staking/math.ts dividendOn) and the referral rewards that dividend pays up the staker's three
 * generations (rewards/line.ts), under the rules in force when the day falls due, with the line's levels and
 * validity as they are now. `renewal`: what the next term adds if every open stake renews (same principal and
 * scale, the rules in force at the end of the timeline): the principal carries over, so only dividends and rewards.
 */
export type Owed = { principal: bigint; dividends: bigint; rewards: bigint; renewal: { dividends: bigint; rewards: bigint } };

type OpenStake = {
  id: number;
  days: number;
  amount: string;
  scale: string;
  started_ms: number;
  paid: number;
  lv1: number | null;
  v1: boolean | null;
  lv2: number | null;
  v2: boolean | null;
  lv3: number | null;
  v3: boolean | null;
};

const member = (lv: number | null, valid: boolean | null): LineMember | null => (lv === null ? null : { lv, valid: Boolean(valid) });
const validSql = (m: string) => sql`exists (select 1 from ${stakes} a where a.user_id = ${sql.raw(m)}.id and a.status = 'active')`;

/** The open stakes with their paid days and the line above each staker, in one statement. */
async function openStakes(db: Queryable): Promise<OpenStake[]> {
  return rowsOf<OpenStake>(
    db,
    sql`
    select ${stakes}.id, ${stakes}.days, ${stakes}.amount::text as amount, ${stakes}.scale::text as scale,
           (extract(epoch from ${stakes}.started_at) * 1000)::float8 as started_ms, ${paidDaysOf} as paid,
           m1.lv as lv1, ${validSql('m1')} as v1, m2.lv as lv2, ${validSql('m2')} as v2, m3.lv as lv3, ${validSql('m3')} as v3
    from ${stakes}
    join ${memberLines} u on u.id = ${stakes}.user_id
    left join ${memberLines} m1 on m1.id = u.inviter_id
    left join ${memberLines} m2 on m2.id = m1.inviter_id
    left join ${memberLines} m3 on m3.id = m2.inviter_id
    where ${stakes}.status in ('active', 'expired')
    order by ${stakes}.id`,
  );
}

/** Which timeline entry holds at `ms` (its index), for grouping days paid under the same rules. */
const entryAt = (timeline: RuleTimeline, ms: number) => {
  let found = 0;
  timeline.forEach((entry, i) => {
    if (entry.from.getTime() <= ms) found = i;
  });
  return found;
};

export async function owedByStakes(db: Queryable): Promise<Owed> {
  const open = await openStakes(db);
  const timeline = await ruleTimeline(db);
  const terms = await termsByStake(
    db,
    open.map((s) => ({ id: s.id, amount: BigInt(s.amount), scale: s.scale })),
  );
  const lastRules = timeline[timeline.length - 1]!.values;
  const owed: Owed = { principal: 0n, dividends: 0n, rewards: 0n, renewal: { dividends: 0n, rewards: 0n } };
  for (const s of open) {
    const line: Line = [member(s.lv1, s.v1), member(s.lv2, s.v2), member(s.lv3, s.v3)];
    const stakeTerms = terms.get(s.id)!;
    owed.principal += BigInt(s.amount);
    // days under the same terms and rules pay the same: one rewards computation per run of them
    let run: { key: string; dividend: bigint; rewards: bigint } | undefined;
    for (let day = Math.max(0, s.paid); day < s.days; day++) {
      const dueMs = s.started_ms + (day + 1) * DAY_MS;
      const entry = entryAt(timeline, dueMs);
      const key = `${termsOn(stakeTerms, day).fromDay}:${entry}`;
      if (run?.key !== key) {
        const dividend = dividendOn(stakeTerms, day);
        run = { key, dividend, rewards: rewardsTotal(rewardsOnDividend(dividend, line, rulesAt(timeline, new Date(dueMs)))) };
      }
      owed.dividends += run.dividend;
      owed.rewards += run.rewards;
    }
    // the successor earns on the stake's own amount and scale (those of its latest terms) for the same number of days
    const next = dailyDividend(BigInt(s.amount), s.scale);
    owed.renewal.dividends += next * BigInt(s.days);
    owed.renewal.rewards += rewardsTotal(rewardsOnDividend(next, line, lastRules)) * BigInt(s.days);
  }
  return owed;
}
