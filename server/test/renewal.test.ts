import { asc, eq } from 'drizzle-orm';
import { parseEther } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dividends } from '../ledger/tables';
import { ledgerMismatches } from '../ledger/ledger';
import { stakes } from '../staking/tables';
import { runStakingJobs } from '../staking/daily';
import { DAY_MS } from '../clock';
import { users } from '../users/tables';
import { testServer } from './harness';
import { deposit, seedLevels, userId } from './money';

/**
 * Auto-renewal loses nothing (docs/rewards.md, "Renewal"): a member who does nothing in the 24 hours after their
 * stake's period ends is renewed from that end, is paid the window day as the new term's first, and stays valid
 * throughout, for their uplines and for the rules that read "valid". Each test has its own database and clock.
 * Rates: the defaults (generation 1 10 %, 2 5 %, 3 3 %); no member here has three valid directs, so no level bonus.
 */
let s: Awaited<ReturnType<typeof testServer>>;
let lv: Awaited<ReturnType<typeof seedLevels>>;
beforeAll(async () => {
  s = await testServer({ sessionTtlSeconds: 10 * 365 * 86400 });
  lv = await seedLevels(s.db);
});
afterAll(() => s.close());

const wld = (n: string) => parseEther(n);
const balance = async (a: { address: string }) => BigInt(String((await s.call('userapi/getBalance', a)).data.balance));
const stakeOn = async (a: Parameters<typeof s.act>[1], period: string) => {
  const reply = await s.act('investapi/investSave', a, { order_id: lv.small, day_id: period });
  if (reply.status !== 1) throw new Error(`investSave: ${reply.info}`);
  return Number(reply.data.pledge_id);
};
/** A member with a deposit of exactly one 100 WLD stake, staked: their balance is then what they earn. */
const staker = async (period: string, inviter?: { address: string }) => {
  const m = await s.user(inviter);
  await deposit(s.db, s.clock, m.address, '100');
  return { m, stake: await stakeOn(m, period) };
};
const stakesOf = async (a: { address: string }) =>
  s.db
    .select()
    .from(stakes)
    .where(eq(stakes.userId, await userId(s.db, a.address)))
    .orderBy(asc(stakes.id));
const paidDays = async (stakeId: number) =>
  (await s.db.select({ day: dividends.day }).from(dividends).where(eq(dividends.stakeId, stakeId)).orderBy(asc(dividends.day))).map((d) => d.day);
const star = async (a: { address: string }) => (await s.db.select({ star: users.star }).from(users).where(eq(users.address, a.address)))[0]!.star;

describe('auto-renewal', () => {
  it("renews from the period's end: the window day is paid, and the member stays valid for their own rewards and their upline's", async () => {
    // w (30 days at 0.5 %) ── x (10 days at 1 %, renews) ── y (30 days at 0.5 %), all staked at the same moment
    const w = await staker(lv.smallThirty);
    const x = await staker(lv.smallTen, w.m);
    const y = await staker(lv.smallThirty, x.m);
    const t0 = s.clock.now().getTime();
    // By hand, per day: y 0.5; x 1 (own, every day: the old term's 10, then the window day as the new term's day 0)
    // + 10 % of y's 0.5 = 0.05, so 1.05; w 0.5 (own) + 10 % of x's 1 + 5 % of y's 0.5 = 0.625.
    const perDay = { w: wld('0.625'), x: wld('1.05'), y: wld('0.5') };
    const seen: Record<'w' | 'x' | 'y', bigint[]> = { w: [], x: [], y: [] };
    const expected: typeof seen = { w: [], x: [], y: [] };
    for (let day = 1; day <= 13; day++) {
      s.clock.set(new Date(t0 + day * DAY_MS));
      await runStakingJobs(s.db, s.clock);
      for (const k of ['w', 'x', 'y'] as const) {
        seen[k].push(await balance({ w, x, y }[k].m));
        expected[k].push(perDay[k] * BigInt(day));
      }
      if (day === 11) {
        // the window-day run ranked x's stake, in its window, as held: w's valid direct counts
        expect(await star(w.m)).toBe(1);
      }
    }
    expect(seen).toEqual(expected);

    // Half-way through x's window: x is a valid member, and w's team counts x as valid with x's stake.
    s.clock.set(new Date(t0 + 10.5 * DAY_MS));
    expect((await s.call('userapi/getUserInfo', x.m)).data).toMatchObject({ is_active: '1' });
    expect((await s.call('teamapi/getTeamSummary', w.m)).data).toMatchObject({ valid_direct_count: '1' });

    const [old, next] = await stakesOf(x.m);
    expect(old).toMatchObject({ status: 'renewed' });
    expect(next).toMatchObject({ status: 'active', renewedFromId: x.stake, amount: wld('100'), days: 10 });
    // the new term starts where the old one ended, and runs its own 10 days from there
    expect(next!.startedAt.getTime()).toBe(old!.endsAt.getTime());
    expect(next!.endsAt.getTime() - next!.startedAt.getTime()).toBe(10 * DAY_MS);
    expect(await paidDays(x.stake)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(await paidDays(next!.id)).toEqual([0, 1, 2]);
    // x's rewards on y's window day (y's day 10, due at the end of x's window): 10 % of 0.5
    const [yDay10] = await s.db
      .select()
      .from(dividends)
      .where(eq(dividends.stakeId, y.stake))
      .then((r) => r.filter((d) => d.day === 10));
    expect(yDay10).toMatchObject({ g1Id: await userId(s.db, x.m.address), g1Direct: wld('0.05') });
    expect(await ledgerMismatches(s.db)).toEqual([]);
  });

  it('a redemption in the window returns the principal and every day of the term, once; the window day is not paid, and no successor opens', async () => {
    const v = await staker(lv.smallThirty);
    const r = await staker(lv.smallTen, v.m);
    const q = await staker(lv.smallThirty, r.m);
    const t0 = s.clock.now().getTime();
    for (let day = 1; day <= 10; day++) {
      s.clock.set(new Date(t0 + day * DAY_MS));
      await runStakingJobs(s.db, s.clock);
    }
    s.clock.set(new Date(t0 + 10.5 * DAY_MS));
    expect((await s.act('investapi/applyRedeem', r.m, { pledge_id: String(r.stake) })).status).toBe(1);
    expect((await s.act('investapi/confirmRedeem', r.m, { pledge_id: String(r.stake) })).status).toBe(1);
    for (let day = 11; day <= 13; day++) {
      s.clock.set(new Date(t0 + day * DAY_MS));
      await runStakingJobs(s.db, s.clock);
    }
    // r: 100 back + 10 days × 1 + 10 % of q's 0.5 for the 10 days r was valid (q's days 0–9) = 110.5
    expect(await balance(r.m)).toBe(wld('110.5'));
    // v: 13 × 0.5 own + 10 % of r's 10 days + 13 × 5 % of q's 0.5 = 6.5 + 1 + 0.325
    expect(await balance(v.m)).toBe(wld('7.825'));
    expect(await balance(q.m)).toBe(wld('6.5'));
    expect((await stakesOf(r.m)).map((x) => x.status)).toEqual(['redeemed']);
    expect(await paidDays(r.stake)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect((await s.call('userapi/getUserInfo', r.m)).data).toMatchObject({ is_active: '0' });
    expect(await ledgerMismatches(s.db)).toEqual([]);
  });

  it("a job that was away for 25 days renews twice, each term from the last one's end: 25 days paid, none lost", async () => {
    const z = await staker(lv.smallTen);
    const t0 = s.clock.now().getTime();
    s.clock.set(new Date(t0 + 25 * DAY_MS + 3_600_000));
    await runStakingJobs(s.db, s.clock);
    const terms = await stakesOf(z.m);
    expect(terms.map((t) => [t.status, (t.startedAt.getTime() - t0) / DAY_MS])).toEqual([
      ['renewed', 0],
      ['renewed', 10],
      ['active', 20],
    ]);
    expect(await Promise.all(terms.map((t) => paidDays(t.id).then((d) => d.length)))).toEqual([10, 10, 5]);
    expect(await balance(z.m)).toBe(wld('25'));
    expect(await ledgerMismatches(s.db)).toEqual([]);
  });
});
