import { eq, inArray, sql } from 'drizzle-orm';
import { parseEther } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dividends } from '../ledger/tables';
import { levels, paidDaysOf, periods, stakes } from '../staking/tables';
import { addLevel, findLevelPeriod } from '../staking/levels';
import { runStakingJobs } from '../staking/daily';
import { ledgerMismatches } from '../ledger/ledger';
import { DAY_MS } from '../clock';
import { stake } from '../staking/service';
import { findUser } from '../users/registry';
import { testServer } from './harness';
import { deposit, seedLevels } from './money';

let s: Awaited<ReturnType<typeof testServer>>;
let lv: Awaited<ReturnType<typeof seedLevels>>;
beforeAll(async () => {
  // Sessions outlive the simulated months here; expiry of sessions is covered by the auth suite.
  s = await testServer({ sessionTtlSeconds: 10 * 365 * 86400 });
  lv = await seedLevels(s.db);
});
afterAll(() => s.close());

const balance = async (a: { address: string }) => {
  const reply = await s.call('userapi/getBalance', a);
  if (reply.status !== 1) throw new Error(`getBalance: ${reply.info}`);
  return BigInt(String(reply.data.balance));
};
const records = async (a: { address: string }) =>
  (await s.call('investapi/getInvestList', a, { page: '1', limit: '10' })).data as unknown as { list: Record<string, unknown>[]; has_more: boolean };
const stakeOn = async (a: Parameters<typeof s.act>[1], level = lv.small, period = lv.smallTen) =>
  s.act('investapi/investSave', a, { order_id: level, day_id: period });
const days = async (n: number) => {
  s.clock.advance(n * DAY_MS);
  await runStakingJobs(s.db, s.clock);
};

describe('staking lifecycle', () => {
  it('lists levels with their periods and the agreement', async () => {
    const reply = await s.call('investapi/invest', await s.root());
    const list = reply.data.list as { id: string; num: string; infos: { day: string; scale: string }[] }[];
    expect(list.find((l) => l.id === lv.small)).toMatchObject({
      num: parseEther('100').toString(),
      infos: [
        { day: '10', scale: '1' },
        { day: '30', scale: '0.5' },
      ],
    });
  });

  it('stakes: debits the level amount and creates a record with every field', async () => {
    const alice = await s.user();
    await deposit(s.db, s.clock, alice.address, '150');
    expect((await s.call('userapi/getUserInfo', alice)).data).toMatchObject({ is_active: '0' });
    expect((await stakeOn(alice)).status).toBe(1);
    expect(await balance(alice)).toBe(parseEther('50'));
    expect((await s.call('userapi/getUserInfo', alice)).data).toMatchObject({ is_active: '1' });
    const [record] = (await records(alice)).list;
    expect(record).toMatchObject({
      day: '10',
      scale: '1',
      daily_dividend: parseEther('1').toString(),
      total_dividend: parseEther('10').toString(),
      dividend_paid: '0',
      dividend_remaining: parseEther('10').toString(),
      amount: parseEther('100').toString(),
      cumulative_amount: parseEther('100').toString(),
      annualized: '365',
      state: 'active',
      staked_duration: '0',
      remaining_time: String(10 * 86400),
    });
  });

  it('names what is missing, a level or its period, before the wallet is asked to sign', async () => {
    const carol = await s.user();
    await deposit(s.db, s.clock, carol.address, '600');
    expect((await stakeOn(carol, '999999', lv.smallTen)).info).toBe('This staking level does not exist');
    expect((await stakeOn(carol, lv.small, lv.bigTen)).info).toBe('This period does not belong to the level');
    expect((await stakeOn(carol, lv.big, lv.bigTen)).status).toBe(1);
    expect(await balance(carol)).toBe(parseEther('100'));
  });

  it('names the level or period that went away between the nonce and the stake, and takes nothing', async () => {
    const dave = await s.user();
    await deposit(s.db, s.clock, dave.address, '600');
    const member = (await findUser(s.db, dave.address))!;
    const deps = { db: s.db, clock: s.clock };
    await expect(stake(deps, member, { levelId: 999999, periodId: Number(lv.smallTen) })).rejects.toMatchObject({ key: 'levelNotFound' });
    await expect(stake(deps, member, { levelId: Number(lv.small), periodId: Number(lv.bigTen) })).rejects.toMatchObject({ key: 'periodNotFound' });
    expect(await balance(dave)).toBe(parseEther('600'));
    expect((await records(dave)).list).toHaveLength(0);
  });

  it('finds a level added after it was asked for, and keeps a found pair as it was added', async () => {
    const next = (await s.db.select({ id: sql<number>`coalesce(max(id), 0) + 1` }).from(levels))[0]!.id;
    await expect(findLevelPeriod(s.db, next, 1)).rejects.toMatchObject({ key: 'levelNotFound' });
    const added = await addLevel(s.db, parseEther('700'), [{ day: 7, scale: '3' }]);
    expect(added).toBe(next);
    const [period] = await s.db.select().from(periods).where(eq(periods.levelId, added));
    const found = await findLevelPeriod(s.db, added, period!.id);
    expect({ num: found.level.num, day: found.period.day }).toEqual({ num: parseEther('700'), day: 7 });
    await expect(findLevelPeriod(s.db, added, Number(lv.smallTen))).rejects.toMatchObject({ key: 'periodNotFound' });
    expect(await findLevelPeriod(s.db, added, period!.id)).toBe(found);
  });

  it('says so and changes nothing when the balance is short', async () => {
    const bob = await s.user();
    await deposit(s.db, s.clock, bob.address, '99');
    expect((await stakeOn(bob)).info).toBe('Insufficient balance');
    expect(await balance(bob)).toBe(parseEther('99'));
    expect((await records(bob)).list).toHaveLength(0);
  });

  it('stakes a balance of exactly the level amount down to 0, and refuses a member who never deposited', async () => {
    const exact = await s.user();
    await deposit(s.db, s.clock, exact.address, '100');
    expect((await stakeOn(exact)).status).toBe(1);
    expect(await balance(exact)).toBe(0n);
    expect((await stakeOn(exact)).info).toBe('Insufficient balance');
    const never = await s.user();
    expect((await stakeOn(never)).info).toBe('Insufficient balance');
    expect(await balance(never)).toBe(0n);
    expect((await records(never)).list).toHaveLength(0);
    expect((await records(exact)).list).toHaveLength(1);
  });

  it('uses the nonce up even when the stake then fails on balance: a retry with it is refused', async () => {
    const ben = await s.user();
    await deposit(s.db, s.clock, ben.address, '99');
    const signed = await s.signed(ben, 'investSave', { order_id: lv.small, day_id: lv.smallTen });
    const first = await s.call('investapi/investSave', ben, { order_id: lv.small, day_id: lv.smallTen, ...signed });
    expect(first.info).toBe('Insufficient balance');
    await deposit(s.db, s.clock, ben.address, '1');
    const retry = await s.call('investapi/investSave', ben, { order_id: lv.small, day_id: lv.smallTen, ...signed });
    expect(retry).toMatchObject({ status: 0, info: 'Nonce is invalid or expired, please try again' });
    expect((await records(ben)).list).toHaveLength(0);
    expect((await stakeOn(ben)).status).toBe(1);
  });

  it('refuses a stake without its nonce and signature fields', async () => {
    const cy = await s.user();
    expect((await s.call('investapi/investSave', cy, { order_id: lv.small, day_id: lv.smallTen })).info).toBe('Invalid field: nonce');
    const { nonce } = await s.signed(cy, 'investSave', { order_id: lv.small, day_id: lv.smallTen });
    expect((await s.call('investapi/investSave', cy, { order_id: lv.small, day_id: lv.smallTen, nonce, signature: '0x12' })).info).toBe(
      'Invalid field: signature',
    );
  });

  it('creates one stake for a double submission of the same nonce', async () => {
    const carol = await s.user();
    await deposit(s.db, s.clock, carol.address, '1000');
    const signed = await s.signed(carol, 'investSave', { order_id: lv.small, day_id: lv.smallTen });
    const replies = await Promise.all([1, 2].map(() => s.call('investapi/investSave', carol, { order_id: lv.small, day_id: lv.smallTen, ...signed })));
    expect(replies.map((r) => r.status).sort()).toEqual([0, 1]);
    expect((await records(carol)).list).toHaveLength(1);
  });

  it('rejects a period of another level and an unknown level', async () => {
    const dan = await s.user();
    await deposit(s.db, s.clock, dan.address, '1000');
    expect((await stakeOn(dan, lv.small, lv.bigTen)).info).toBe('This period does not belong to the level');
    expect((await stakeOn(dan, '999', lv.smallTen)).info).toBe('This staking level does not exist');
  });

  it('is refused by the database itself when a stake names a period of another level, or an upgrade moves it to one', async () => {
    const erin = await s.user();
    await deposit(s.db, s.clock, erin.address, '100');
    const member = (await findUser(s.db, erin.address))!;
    const row = (levelId: string, periodId: string) => ({
      userId: member.id,
      levelId: Number(levelId),
      periodId: Number(periodId),
      days: 10,
      scale: '1',
      amount: parseEther('100'),
      cumulative: parseEther('100'),
      startedAt: s.clock.now(),
      endsAt: s.clock.now(),
      changedAt: s.clock.now(),
    });
    // the key (migration 0024): (period, level) must be one of the periods' own pairs
    await expect(s.db.insert(stakes).values(row(lv.small, lv.bigTen))).rejects.toThrow();
    await expect(s.db.insert(stakes).values(row('999999', lv.smallTen))).rejects.toThrow();
    const [opened] = await s.db.insert(stakes).values(row(lv.small, lv.smallTen)).returning({ id: stakes.id });
    await expect(
      s.db
        .update(stakes)
        .set({ levelId: Number(lv.big) })
        .where(eq(stakes.id, opened!.id)),
    ).rejects.toThrow();
    await s.db.delete(stakes).where(eq(stakes.id, opened!.id));
  });

  it('pays a dividend per full day, expires, and redeems within 24 hours exactly once', async () => {
    const erin = await s.user();
    await deposit(s.db, s.clock, erin.address, '100');
    await stakeOn(erin);
    await days(3);
    await runStakingJobs(s.db, s.clock); // a second run pays nothing twice
    expect(await balance(erin)).toBe(parseEther('3'));
    await days(7);
    expect(await balance(erin)).toBe(parseEther('10'));
    const expire = await s.call('investapi/getInvestExpire', erin);
    expect(expire.data).toMatchObject({ have_expire: 1 });
    const pledgeId = String(expire.data.pledge_id);
    const open = (await records(erin)).list[0]!;
    expect(open).toMatchObject({ state: 'redemption-eligible', dividend_remaining: '0', can_apply_redeem: true });
    // The window's end, on the notice and the record alike: 24 hours after the period ends.
    expect(Number(open.redeem_by) - Number(open.end_time)).toBe(24 * 3600);
    expect(expire.data.redeem_by).toBe(open.redeem_by);
    // the notice names its stake: amount, level, period and daily percent, and when it expired
    expect(expire.data).toMatchObject({
      amount: parseEther('100').toString(),
      level_num: parseEther('100').toString(),
      day: '10',
      scale: '1',
      end_time: open.end_time,
    });
    expect((await s.act('investapi/confirmRedeem', erin, { pledge_id: pledgeId })).info).toBe('Please apply for redemption first');
    expect((await s.act('investapi/applyRedeem', erin, { pledge_id: pledgeId })).status).toBe(1);
    expect((await s.act('investapi/confirmRedeem', erin, { pledge_id: pledgeId })).status).toBe(1);
    expect((await s.act('investapi/confirmRedeem', erin, { pledge_id: pledgeId })).status).toBe(0);
    expect(await balance(erin)).toBe(parseEther('110'));
    expect((await s.call('investapi/getInvestExpire', erin)).data).toMatchObject({ have_expire: 0 });
  });

  it("pays the days of a stake redeemed before the daily job ran, once, with its three generations' rewards, and leaves no day unpaid", async () => {
    // A line of three valid members (each holding a 30-day stake) above the staker.
    const g3 = await s.user();
    const g2 = await s.user(g3);
    const g1 = await s.user(g2);
    for (const g of [g1, g2, g3]) {
      await deposit(s.db, s.clock, g.address, '100');
      await stakeOn(g, lv.small, lv.smallThirty);
    }
    const ivy = await s.user(g1);
    const jon = await s.user(g1);
    for (const m of [ivy, jon]) {
      await deposit(s.db, s.clock, m.address, '100');
      await stakeOn(m);
    }
    const [ivyStake, jonStake] = [Number((await records(ivy)).list[0]!.pledge_id), Number((await records(jon)).list[0]!.pledge_id)];
    await days(9); // nine days paid; the tenth completes before the job next runs
    s.clock.advance(DAY_MS);
    for (const m of [ivy, jon]) {
      const id = String((await records(m)).list[0]!.pledge_id);
      expect((await s.act('investapi/applyRedeem', m, { pledge_id: id })).status).toBe(1);
      expect((await s.act('investapi/confirmRedeem', m, { pledge_id: id })).status).toBe(1);
    }
    expect(await balance(ivy)).toBe(parseEther('109'));
    await runStakingJobs(s.db, s.clock);
    await runStakingJobs(s.db, s.clock); // a rerun pays nothing twice
    expect(await balance(ivy)).toBe(parseEther('110'));
    expect(await balance(jon)).toBe(parseEther('110'));
    const paid = await s.db
      .select({
        days: sql<number>`count(*)::int`,
        g1: sql<string>`sum(${dividends.g1Direct})::text`,
        g2: sql<string>`sum(${dividends.g2Team})::text`,
        g3: sql<string>`sum(${dividends.g3Team})::text`,
      })
      .from(dividends)
      .where(eq(dividends.stakeId, ivyStake));
    // 10 days of 1 WLD: 10 % to the inviter, 5 % and 3 % up the line (the default rates of docs/rewards.md).
    expect(paid[0]).toEqual({ days: 10, g1: parseEther('1').toString(), g2: parseEther('0.5').toString(), g3: parseEther('0.3').toString() });
    // every day of both periods paid: the watermark covers them in full
    expect(
      await s.db
        .select({ paidDays: paidDaysOf })
        .from(stakes)
        .where(inArray(stakes.id, [ivyStake, jonStake])),
    ).toEqual([{ paidDays: 10 }, { paidDays: 10 }]);
    expect(await ledgerMismatches(s.db)).toEqual([]);
  });

  it('pays every day of a period the job never saw before its redemption', async () => {
    const kim = await s.user();
    await deposit(s.db, s.clock, kim.address, '100');
    await stakeOn(kim);
    const id = String((await records(kim)).list[0]!.pledge_id);
    s.clock.advance(10 * DAY_MS + 3_600_000); // the job is ten days behind
    expect((await s.act('investapi/applyRedeem', kim, { pledge_id: id })).status).toBe(1);
    expect((await s.act('investapi/confirmRedeem', kim, { pledge_id: id })).status).toBe(1);
    await runStakingJobs(s.db, s.clock);
    expect(await balance(kim)).toBe(parseEther('110'));
    expect(
      await s.db
        .select({ paidDays: paidDaysOf })
        .from(stakes)
        .where(eq(stakes.id, Number(id))),
    ).toEqual([{ paidDays: 10 }]);
    await runStakingJobs(s.db, s.clock); // a rerun pays nothing twice
    expect(await balance(kim)).toBe(parseEther('110'));
  });

  it('closes only the expiry notice, then renews automatically 24 hours after expiry, from the end of the period', async () => {
    const fay = await s.user();
    await deposit(s.db, s.clock, fay.address, '100');
    await stakeOn(fay);
    await days(10);
    const pledgeId = String((await s.call('investapi/getInvestExpire', fay)).data.pledge_id);
    expect((await s.call('investapi/closeExpire', fay, { pledge_id: pledgeId })).status).toBe(1);
    expect((await s.call('investapi/getInvestExpire', fay)).data).toMatchObject({ have_expire: 0 });
    expect((await records(fay)).list[0]).toMatchObject({ state: 'redemption-eligible' });
    await days(1);
    const list = (await records(fay)).list;
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({ state: 'active', amount: parseEther('100').toString(), day: '10' });
    expect(list[1]).toMatchObject({ state: 'expired', status: 'renewed' });
    expect((await s.act('investapi/applyRedeem', fay, { pledge_id: pledgeId })).info).toMatch(/redemption window/);
    await days(2);
    // 10 days of the first term, then the renewed term's first three: the window day (its day 0) is paid
    expect(await balance(fay)).toBe(parseEther('13'));
  });

  it('upgrades an active stake, paying the difference; the new amount earns from the next day', async () => {
    const gus = await s.user();
    await deposit(s.db, s.clock, gus.address, '500');
    await stakeOn(gus);
    s.clock.advance(DAY_MS / 2);
    const pledgeId = String((await records(gus)).list[0]!.pledge_id);
    expect((await s.act('investapi/investUpgrade', gus, { pledge_id: pledgeId, order_id: lv.small })).info).toMatch(/higher level/);
    expect((await s.act('investapi/investUpgrade', gus, { pledge_id: pledgeId, order_id: lv.big })).status).toBe(1);
    expect(await balance(gus)).toBe(0n);
    await days(2); // day 0 at 100 WLD × 1 %, day 1 at 500 WLD × 2 %
    expect(await balance(gus)).toBe(parseEther('11'));
    expect((await records(gus)).list[0]).toMatchObject({
      amount: parseEther('500').toString(),
      cumulative_amount: parseEther('500').toString(),
      total_dividend: parseEther('91').toString(),
    });
  });

  it('credits a deposit made before registration once the address registers', async () => {
    const { newAccount } = await import('./harness');
    const late = newAccount();
    await deposit(s.db, s.clock, late.address, '42');
    await s.register(late, await s.root());
    await s.login(late);
    expect(await balance(late)).toBe(parseEther('42'));
  });

  it('never overdraws under many simultaneous stakes and upgrades', async () => {
    const hal = await s.user();
    await deposit(s.db, s.clock, hal.address, '350');
    const signed = await Promise.all(Array.from({ length: 8 }, () => s.signed(hal, 'investSave', { order_id: lv.small, day_id: lv.smallTen })));
    const replies = await Promise.all(signed.map((n) => s.call('investapi/investSave', hal, { order_id: lv.small, day_id: lv.smallTen, ...n })));
    expect(replies.filter((r) => r.status === 1)).toHaveLength(3);
    const ids = (await records(hal)).list.map((r) => String(r.pledge_id));
    const upgrades = await Promise.all(ids.map((id) => s.act('investapi/investUpgrade', hal, { pledge_id: id, order_id: lv.big })));
    expect(upgrades.every((u) => u.status === 0)).toBe(true);
    expect(await balance(hal)).toBe(parseEther('50'));
  });

  it('keeps every balance equal to the sum of its entries', async () => {
    expect(await ledgerMismatches(s.db)).toEqual([]);
  });
});
