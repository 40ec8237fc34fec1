import { eq, sql } from 'drizzle-orm';
import { parseEther } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOp } from '../admin/ops';
import { DAY_MS } from '../clock';
import { type Db, rowsOf } from '../db/client';
import { dividends } from '../ledger/tables';
import { runStakingJobs } from '../staking/daily';
import { stakes, stakeTerms } from '../staking/tables';
import { termsByStake } from '../staking/terms';
import { testServer } from './harness';
import { type MigratedDatabase, migratedUpTo } from './migrated-up-to';
import { deposit, seedLevels } from './money';

/**
 * A stake's terms are its own amount and scale until an upgrade writes them down (server/staking/terms.ts,
 * migration 0023): what each reader makes of them — the daily job's dividends (both ways it reads the due days:
 * one day per stake, and a temporary list after missed days), the stake records, a renewal — against the rule.
 */
describe("a stake's terms: its own until an upgrade writes them down", () => {
  let s: Awaited<ReturnType<typeof testServer>>;
  let lv: Awaited<ReturnType<typeof seedLevels>> & { huge: string };
  type Account = Awaited<ReturnType<typeof s.user>>;
  beforeAll(async () => {
    s = await testServer({ sessionTtlSeconds: 10 * 365 * 86400 });
    const seeded = await seedLevels(s.db);
    const huge = (await runOp(s.db, 'level.add', ['1000', '10:3'])) as { id: number };
    lv = { ...seeded, huge: String(huge.id) };
  });
  afterAll(() => s.close());

  const stakeOn = async (a: Account) => {
    const reply = await s.act('investapi/investSave', a, { order_id: lv.small, day_id: lv.smallTen });
    if (reply.status !== 1) throw new Error(`investSave: ${reply.info}`);
    return Number(reply.data.pledge_id);
  };
  const upgrade = async (a: Account, pledge: number, level: string) => {
    const reply = await s.act('investapi/investUpgrade', a, { pledge_id: String(pledge), order_id: level });
    if (reply.status !== 1) throw new Error(`investUpgrade: ${reply.info}`);
  };
  const days = async (n: number) => {
    s.clock.advance(n * DAY_MS);
    await runStakingJobs(s.db, s.clock);
  };
  /** Each paid day of the stake: [day, principal, scale, dividend], in WLD. */
  const paid = async (pledge: number) =>
    (await s.db.select().from(dividends).where(eq(dividends.stakeId, pledge)).orderBy(dividends.day)).map((d) => [
      d.day,
      d.principal,
      Number(d.scale),
      d.amount,
    ]);
  const record = async (a: Account, pledge: number) => {
    const reply = await s.call('investapi/getInvestList', a, { page: '1', limit: '10' });
    return (reply.data as unknown as { list: Record<string, string>[] }).list.find((r) => r.pledge_id === String(pledge));
  };
  const termRows = async (pledge: number) =>
    (await s.db.select().from(stakeTerms).where(eq(stakeTerms.stakeId, pledge)).orderBy(stakeTerms.fromDay)).map((t) => [t.fromDay, t.amount, Number(t.scale)]);
  const wld = (n: number) => parseEther(String(n));

  it('a stake never upgraded writes no terms row, and is paid and recorded on its own amount and scale', async () => {
    const ann = await s.user();
    await deposit(s.db, s.clock, ann.address, '100');
    const pledge = await stakeOn(ann);
    expect(await termRows(pledge)).toEqual([]);
    await days(3); // days 0–2, then one day each way the job reads the due days
    await days(1);
    expect(await paid(pledge)).toEqual([0, 1, 2, 3].map((day) => [day, wld(100), 1, wld(1)]));
    expect(await record(ann, pledge)).toMatchObject({
      total_dividend: wld(10).toString(),
      dividend_paid: wld(4).toString(),
      dividend_remaining: wld(6).toString(),
    });
  });

  it('an upgrade writes the terms the stake had from day 0 and its own from the next day; dividends before it at the old, after at the new; a second upgrade adds its own', async () => {
    const bob = await s.user();
    await deposit(s.db, s.clock, bob.address, '1000');
    const pledge = await stakeOn(bob);
    await days(2); // days 0 and 1
    await upgrade(bob, pledge, lv.big); // during day 2: from day 3, 500 WLD at 2 %
    expect(await termRows(pledge)).toEqual([
      [0, wld(100), 1],
      [3, wld(500), 2],
    ]);
    await days(1); // day 2, one day due
    await days(1); // day 3
    await upgrade(bob, pledge, lv.huge); // during day 4: from day 5, 1,000 WLD at 3 %
    expect(await termRows(pledge)).toEqual([
      [0, wld(100), 1],
      [3, wld(500), 2],
      [5, wld(1000), 3],
    ]);
    await days(3); // days 4–6, missed days: the temporary list
    expect(await paid(pledge)).toEqual([
      [0, wld(100), 1, wld(1)],
      [1, wld(100), 1, wld(1)],
      [2, wld(100), 1, wld(1)],
      [3, wld(500), 2, wld(10)],
      [4, wld(500), 2, wld(10)],
      [5, wld(1000), 3, wld(30)],
      [6, wld(1000), 3, wld(30)],
    ]);
    // 3 days × 1 + 2 × 10 + 5 × 30
    expect(await record(bob, pledge)).toMatchObject({ amount: wld(1000).toString(), total_dividend: wld(173).toString(), dividend_paid: wld(83).toString() });
    const [row] = await s.db.select().from(stakes).where(eq(stakes.id, pledge));
    expect((await termsByStake(s.db, [row!])).get(pledge)).toEqual([
      { fromDay: 0, amount: wld(100), scale: '1.0000' },
      { fromDay: 3, amount: wld(500), scale: '2.0000' },
      { fromDay: 5, amount: wld(1000), scale: '3.0000' },
    ]);
  });

  it('a renewed stake earns on its own (upgraded) terms from day 0, with no terms row', async () => {
    const cy = await s.user();
    await deposit(s.db, s.clock, cy.address, '500');
    const pledge = await stakeOn(cy);
    await days(1);
    await upgrade(cy, pledge, lv.big); // from day 2
    await days(9); // expired
    await days(1); // renewed 24 hours after expiry, from the period's end: the window is the successor's day 0
    await days(2); // the successor's days 1 and 2
    const [successor] = await s.db.select().from(stakes).where(eq(stakes.renewedFromId, pledge));
    expect(await termRows(successor!.id)).toEqual([]);
    expect(await paid(successor!.id)).toEqual([0, 1, 2].map((day) => [day, wld(500), 2, wld(10)]));
    expect((await paid(pledge)).map((d) => d[3])).toEqual([wld(1), wld(1), ...Array.from({ length: 8 }, () => wld(10))]);
    expect(await record(cy, successor!.id)).toMatchObject({ total_dividend: wld(100).toString() });
  });

  it('a stake with its day-0 row written before migration 0023 is paid and recorded as one without', async () => {
    const [dee, eve] = [await s.user(), await s.user()];
    for (const m of [dee, eve]) await deposit(s.db, s.clock, m.address, '500');
    const [old, fresh] = [await stakeOn(dee), await stakeOn(eve)];
    await s.db.insert(stakeTerms).values({ stakeId: old, fromDay: 0, amount: wld(100), scale: '1' });
    await days(2);
    for (const [m, pledge] of [
      [dee, old],
      [eve, fresh],
    ] as const)
      await upgrade(m, pledge, lv.big);
    await days(1);
    await days(2);
    expect(await termRows(old)).toEqual(await termRows(fresh));
    expect(await paid(old)).toEqual(await paid(fresh));
    expect((await paid(old)).map((d) => d[3])).toEqual([wld(1), wld(1), wld(1), wld(10), wld(10)]);
    const { pledge_id: _a, ...oldRecord } = (await record(dee, old))!;
    const { pledge_id: _b, ...freshRecord } = (await record(eve, fresh))!;
    expect(oldRecord).toEqual(freshRecord);
  });
});

/** Migration 0023 on data written before it: it removes only the day-0 rows that say what the stake says. */
describe('migration 0023 keeps every stake’s terms', () => {
  let old: MigratedDatabase;
  let db: Db;
  beforeAll(async () => {
    old = await migratedUpTo('0022_');
    db = old.db;
  });
  afterAll(() => old.close());

  it('removes a never-upgraded stake’s day-0 row equal to the stake, keeps an upgraded stake’s rows and a row that differs; the readers see the same terms before and after', async () => {
    const wei = (wld: string) => parseEther(wld).toString();
    await db.execute(sql`insert into users (id, address) values (1, '0x01')`);
    await db.execute(sql`insert into levels (id, num) values (1, ${wei('100')}), (2, ${wei('500')})`);
    await db.execute(sql`insert into periods (id, level_id, day, scale) values (1, 1, 10, 1), (2, 2, 10, 2)`);
    // 1: never upgraded; 2: upgraded from day 3; 3: a lone day-0 row that does not match the stake (kept as it is).
    await db.execute(sql`
      insert into stakes (id, user_id, level_id, period_id, days, scale, amount, cumulative, started_at, ends_at, changed_at)
      values (1, 1, 1, 1, 10, 1, ${wei('100')}, ${wei('100')}, '2026-01-01', '2026-01-11', '2026-01-01'),
             (2, 1, 2, 2, 10, 2, ${wei('500')}, ${wei('500')}, '2026-01-01', '2026-01-11', '2026-01-03'),
             (3, 1, 2, 2, 10, 2, ${wei('500')}, ${wei('500')}, '2026-01-01', '2026-01-11', '2026-01-01')`);
    await db.execute(sql`
      insert into stake_terms (stake_id, from_day, amount, scale)
      values (1, 0, ${wei('100')}, 1), (2, 0, ${wei('100')}, 1), (2, 3, ${wei('500')}, 2), (3, 0, ${wei('100')}, 1)`);
    const all = await db.select().from(stakes).orderBy(stakes.id);
    const before = await termsByStake(db, all);

    await old.migrateTheRest();

    expect(await rowsOf(db, sql`select stake_id, from_day from stake_terms order by stake_id, from_day`)).toEqual([
      { stake_id: 2, from_day: 0 },
      { stake_id: 2, from_day: 3 },
      { stake_id: 3, from_day: 0 },
    ]);
    expect(await termsByStake(db, all)).toEqual(before);
    expect(before.get(1)).toEqual([{ fromDay: 0, amount: parseEther('100'), scale: '1.0000' }]);
  });
});
