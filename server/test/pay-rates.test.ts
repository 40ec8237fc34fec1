import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOp } from '../admin/ops';
import { DAY_MS } from '../clock';
import { rowsOf } from '../db/client';
import { ledgerMismatches } from '../ledger/ledger';
import { RULE_DEFAULTS, type RuleTimeline, type RuleValues } from '../rewards/rules';
import { runStakingJobs } from '../staking/daily';
import { ratesOfOneDayRun } from '../staking/pay-day';
import { testServer } from './harness';
import { deposit, seedLevels, userId } from './money';

/**
 * A usual day's run takes every dividend's rates as constants when one entry of the rule timeline covers the whole
 * day before it; a dividend that fell due before a change took effect, paid by the run after, keeps the
 * rate in force when it fell due (docs/rewards.md: the percents in force when the dividend fell due).
 */
const HOUR_MS = 3_600_000;
const at = (iso: string) => new Date(iso);
const defaults = Object.fromEntries(Object.entries(RULE_DEFAULTS).map(([key, [, value]]) => [key, value])) as RuleValues;
const G1 = defaults['reward.generation.1'];
const timeline: RuleTimeline = [
  { from: at('1970-01-01T00:00:00Z'), values: defaults },
  { from: at('2026-01-03T00:00:00Z'), values: { ...defaults, 'reward.generation.1': '20' } },
];

describe('the rates of a one-day run', () => {
  it('are one entry’s only when that entry covers the whole day before the run', () => {
    expect(ratesOfOneDayRun(timeline, '2026-01-02T23:59:59.000Z')?.g1).toBe(G1);
    expect(ratesOfOneDayRun(timeline, '2026-01-03T00:00:00.000Z')).toBeNull();
    expect(ratesOfOneDayRun(timeline, '2026-01-03T06:00:00.000Z')).toBeNull();
    expect(ratesOfOneDayRun(timeline, '2026-01-03T23:59:59.999Z')).toBeNull();
    expect(ratesOfOneDayRun(timeline, '2026-01-04T00:00:00.000Z')?.g1).toBe('20');
    expect(ratesOfOneDayRun(timeline, '2027-01-01T00:00:00.000Z')?.g1).toBe('20');
  });
});

describe('a rate change between a dividend falling due and the run that pays it', () => {
  let s: Awaited<ReturnType<typeof testServer>>;
  let inviter: number; // the staker b's inviter a, who stakes too (valid), so earns b's direct rewards
  beforeAll(async () => {
    s = await testServer({ sessionTtlSeconds: 365 * 86400 });
    const lv = await seedLevels(s.db);
    const a = await s.user(await s.root());
    const b = await s.user(a);
    inviter = await userId(s.db, a.address);
    s.clock.advance(18 * HOUR_MS); // Jan 1, 18:00: the stakes' days fall due at 18:00
    for (const member of [a, b]) {
      await deposit(s.db, s.clock, member.address, '100');
      const staked = await s.act('investapi/investSave', member, { order_id: lv.small, day_id: lv.smallTen });
      if (staked.status !== 1) throw new Error(staked.info);
    }
    s.clock.advance(18 * HOUR_MS); // Jan 2, 12:00: a run (nothing due yet), then a change effective Jan 3, 00:00
    await runStakingJobs(s.db, s.clock);
    await runOp(s.db, 'rule.set', ['reward.generation.1', '20'], s.clock);
    s.clock.advance(18 * HOUR_MS); // Jan 3, 06:00: day 0 (due Jan 2, 18:00) is paid after the change
    expect((await runStakingJobs(s.db, s.clock)).dividends).toBe(2);
    s.clock.advance(DAY_MS); // Jan 4, 06:00: day 1 (due Jan 3, 18:00), under the new rate only
    expect((await runStakingJobs(s.db, s.clock)).dividends).toBe(2);
  });
  afterAll(() => s.close());

  it('pays each day at the rate in force when it fell due', async () => {
    const paid = await rowsOf<{ day: number; g1_rate: string }>(
      s.db,
      sql`
      select day, g1_rate::text from dividends where g1_id = ${inviter} order by day`,
    );
    expect(paid.map((d) => [d.day, Number(d.g1_rate)])).toEqual([
      [0, Number(G1)],
      [1, 20],
    ]);
    expect(await ledgerMismatches(s.db)).toEqual([]);
  });
});
