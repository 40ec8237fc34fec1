import { sql } from 'drizzle-orm';
import { parseEther } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, rowsOf } from '../db/client';
import { DAY_MS } from '../clock';
import { balanceOf, ledgerMismatches } from '../ledger/ledger';
import { runStakingJobs } from '../staking/daily';
import { memberLedger } from '../views/console';
import { testServer } from './harness';
import { type MigratedDatabase, migratedUpTo } from './migrated-up-to';
import { deposit, seedLevels, userId } from './money';

/**
 * Each dividend is written once (migration 0021): its dividends row is the staker's ledger row for it, so a
 * member's balance is the sum of their ledger entries and of the dividends they are the source of.
 */
describe('dividends as ledger rows', () => {
  let s: Awaited<ReturnType<typeof testServer>>;
  type Account = Awaited<ReturnType<typeof s.user>>;
  let a: Account, b: Account;
  const sums = async (id: number) => {
    const [row] = await rowsOf<{ entries: string; dividends: string; dividend_entries: number }>(
      s.db,
      sql`
      select (select coalesce(sum(amount), 0) from ledger_entries where user_id = ${id})::text as entries,
             (select coalesce(sum(amount), 0) from dividends where source_user_id = ${id})::text as dividends,
             (select count(*) from ledger_entries where type = 'dividend')::int as dividend_entries`,
    );
    return { entries: BigInt(row!.entries), dividends: BigInt(row!.dividends), dividendEntries: row!.dividend_entries };
  };

  beforeAll(async () => {
    s = await testServer({ sessionTtlSeconds: 365 * 86400 });
    const lv = await seedLevels(s.db);
    a = await s.user(await s.root());
    b = await s.user(a);
    for (const member of [a, b]) {
      await deposit(s.db, s.clock, member.address, '100');
      const staked = await s.act('investapi/investSave', member, { order_id: lv.small, day_id: lv.smallTen });
      if (staked.status !== 1) throw new Error(staked.info);
    }
    s.clock.advance(2 * DAY_MS);
    expect(await runStakingJobs(s.db, s.clock)).toMatchObject({ dividends: 4 });
  });
  afterAll(() => s.close());

  it('writes no dividend ledger entry: the balance is the entries plus the dividends rows, each counted once', async () => {
    const id = await userId(s.db, b.address);
    // b: deposit 100, stake −100 (entries 0), two days at 1 % of 100 WLD (dividends 2 WLD); no rewards (no team).
    expect(await sums(id)).toEqual({ entries: 0n, dividends: parseEther('2'), dividendEntries: 0 });
    expect(await balanceOf(s.db, id)).toBe(parseEther('2'));
    // a: the same, and b's inviter: 10 % direct of each of b's dividends (0.2 WLD) as one reward entry.
    const aId = await userId(s.db, a.address);
    expect(await balanceOf(s.db, aId)).toBe(parseEther('2.2'));
    expect(await sums(aId)).toMatchObject({ entries: parseEther('0.2'), dividends: parseEther('2') });
    expect(await ledgerMismatches(s.db)).toEqual([]);
    // The stake record's paid dividends are its dividends rows.
    const list = (await s.call('investapi/getInvestList', b, { page: '1', limit: '10' })).data as unknown as { list: Record<string, string>[] };
    expect(list.list[0]).toMatchObject({ dividend_paid: parseEther('2').toString(), dividend_remaining: parseEther('8').toString() });
  });

  it('ledger:check catches a dividends row that disagrees with the balance it credited', async () => {
    const id = await userId(s.db, b.address);
    const tamper = (by: bigint) => s.db.execute(sql`update dividends set amount = amount + ${by.toString()}::numeric where source_user_id = ${id} and day = 0`);
    await tamper(1n);
    expect(await ledgerMismatches(s.db)).toEqual([{ userId: id, balance: parseEther('2').toString(), entries: (parseEther('2') + 1n).toString() }]);
    await tamper(-1n);
    expect(await ledgerMismatches(s.db)).toEqual([]);
  });

  it("the console's member ledger lists the entries and the dividends, newest first, and they add up to the balance", async () => {
    const first = await memberLedger(s.db, b.address, 1, 3);
    const second = await memberLedger(s.db, b.address, 2, 3);
    expect([first!.total, first!.items.length, second!.items.length]).toEqual([4, 3, 1]);
    const all = [...first!.items, ...second!.items];
    expect(all.map((e) => e.type).sort()).toEqual(['deposit', 'dividend', 'dividend', 'stake']);
    expect(new Set(all.map((e) => e.id)).size).toBe(4);
    // newest first across the pages (the test's deposit and stake carry the database's clock, the job's rows the test's)
    const times = all.map((e) => e.at);
    expect(times).toEqual([...times].sort().reverse());
    expect(all.reduce((sum, e) => sum + BigInt(e.amount), 0n)).toBe(await balanceOf(s.db, await userId(s.db, b.address)));
  });

  it('a second run the same day pays nothing and writes nothing', async () => {
    const before = await rowsOf(s.db, sql`select (select count(*) from dividends)::int as d, (select count(*) from ledger_entries)::int as e`);
    expect(await runStakingJobs(s.db, s.clock)).toMatchObject({ dividends: 0, rewards: 0 });
    expect(await rowsOf(s.db, sql`select (select count(*) from dividends)::int as d, (select count(*) from ledger_entries)::int as e`)).toEqual(before);
  });
});

/** Migration 0021 on data written before it: dividend entries beside dividends rows, one row without its staker. */
describe('migration 0021 keeps every balance the sum of its movements', () => {
  let old: MigratedDatabase;
  let db: Db;
  beforeAll(async () => {
    old = await migratedUpTo('0020_');
    db = old.db;
  });
  afterAll(() => old.close());

  it("drops the dividend entries, fills in each row's staker, and keeps a difference where entries and rows disagreed", async () => {
    const wei = (wld: string) => parseEther(wld).toString();
    await db.execute(sql`insert into users (id, address) values (1, '0x01'), (2, '0x02'), (3, '0x03')`);
    await db.execute(sql`insert into levels (id, num) values (1, ${wei('100')})`);
    await db.execute(sql`insert into periods (id, level_id, day, scale) values (1, 1, 10, 1)`);
    await db.execute(sql`
      insert into stakes (id, user_id, level_id, period_id, days, scale, amount, cumulative, started_at, ends_at)
      values (1, 1, 1, 1, 10, 1, ${wei('100')}, ${wei('100')}, '2026-01-01', '2026-01-11'),
             (2, 2, 1, 1, 10, 1, ${wei('100')}, ${wei('100')}, '2026-01-01', '2026-01-11')`);
    // Member 1: two dividends of 1 WLD, one row from before migration 0003 (no source member), each with its entry
    // (the old keyed kind and the unkeyed one), and 0.1 WLD of rewards. Member 2: a row of 1 WLD whose entry says 1.5.
    // Member 3: a reward entry only.
    await db.execute(sql`
      insert into dividends (stake_id, day, amount, source_user_id, principal, scale, g1_id, g1_rate, g1_direct)
      values (1, 0, ${wei('1')}, null, 0, 0, null, 0, 0), (1, 1, ${wei('1')}, 1, ${wei('100')}, 1, 3, 10, ${wei('0.1')}),
             (2, 0, ${wei('1')}, 2, ${wei('100')}, 1, null, 0, 0)`);
    await db.execute(sql`
      insert into ledger_entries (user_id, type, amount, stake_id, idempotency_key)
      values (1, 'deposit', ${wei('100')}, null, 'deposit:1'), (1, 'stake', ${'-' + wei('100')}, 1, 'stake:1'),
             (1, 'dividend', ${wei('1')}, 1, 'dividend:1:0'), (1, 'dividend', ${wei('1')}, 1, null),
             (2, 'deposit', ${wei('100')}, null, 'deposit:2'), (2, 'stake', ${'-' + wei('100')}, 2, 'stake:2'),
             (2, 'dividend', ${wei('1.5')}, 2, null), (3, 'reward-direct', ${wei('0.1')}, null, null)`);
    await db.execute(sql`insert into balances (user_id, amount) values (1, ${wei('2')}), (2, ${wei('1.5')}), (3, ${wei('0.1')})`);
    const balancesBefore = await rowsOf(db, sql`select user_id, amount::text from balances order by user_id`);

    await old.migrateTheRest();

    expect(await rowsOf(db, sql`select user_id, amount::text from balances order by user_id`)).toEqual(balancesBefore);
    expect(await rowsOf(db, sql`select stake_id, day, source_user_id from dividends order by stake_id, day`)).toEqual([
      { stake_id: 1, day: 0, source_user_id: 1 },
      { stake_id: 1, day: 1, source_user_id: 1 },
      { stake_id: 2, day: 0, source_user_id: 2 },
    ]);
    expect(await rowsOf(db, sql`select user_id, amount::text, idempotency_key from ledger_entries where type = 'dividend'`)).toEqual([
      { user_id: 2, amount: parseEther('0.5').toString(), idempotency_key: 'dividend-0021:2' },
    ]);
    expect(await rowsOf(db, sql`select count(*)::int as n from ledger_entries where type <> 'dividend'`)).toEqual([{ n: 5 }]);
    expect(await ledgerMismatches(db)).toEqual([]);
  });
});
