import { eq, getTableColumns, sql } from 'drizzle-orm';
import fc from 'fast-check';
import pg from 'pg';
import { parseEther, parseUnits } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dailyDividend } from '../../lib/dividend';
import { runOp } from '../admin/ops';
import { openDatabase } from '../db/client';
import { dividends } from '../ledger/tables';
import { mails } from '../mail/tables';
import { paidDaysOf, stakes, stakeTerms } from '../staking/tables';
import { termsByStake } from '../staking/terms';
import { createAdminApp } from '../http/routes-admin';
import { balanceOf } from '../ledger/ledger';
import { runStakingJobs } from '../staking/daily';
import { DAY_MS } from '../clock';
import { totalDividend } from '../staking/math';
import { freshDatabaseUrl, manualClock, testServer, testDatabaseUrls } from './harness';
import { deposit, seedLevels, userId } from './money';

let s: Awaited<ReturnType<typeof testServer>>;
let lv: Awaited<ReturnType<typeof seedLevels>>;
beforeAll(async () => {
  s = await testServer({ sessionTtlSeconds: 10 * 365 * 86400 });
  lv = await seedLevels(s.db);
});
afterAll(() => s.close());

const stakeOn = async (a: Parameters<typeof s.act>[1], level = lv.small, period = lv.smallTen) => {
  const reply = await s.act('investapi/investSave', a, { order_id: level, day_id: period });
  if (reply.status !== 1) throw new Error(`investSave: ${reply.info}`);
  return String(reply.data.pledge_id);
};
const days = async (n: number) => {
  s.clock.advance(n * DAY_MS);
  await runStakingJobs(s.db, s.clock);
};
/** Every row a member's call could touch: stakes, terms, entries and mails, as text. */
const state = async () => {
  const result = await s.db.execute(sql`
    select (select json_agg(x order by x.id) from stakes x) as s, (select json_agg(x order by x.stake_id, x.from_day) from stake_terms x) as t,
           (select json_agg(x order by x.id) from ledger_entries x) as l, (select json_agg(x order by x.id) from mails x) as m`);
  return JSON.stringify((result as unknown as { rows: unknown[] }).rows);
};

describe("a member using another member's id", () => {
  it('is refused on every endpoint that takes a stake or mail id, and nothing changes', async () => {
    const alice = await s.user();
    const mallory = await s.user();
    await deposit(s.db, s.clock, alice.address, '100');
    await deposit(s.db, s.clock, mallory.address, '1000');
    const pledge = await stakeOn(alice);
    await runOp(s.db, 'mail.send', [alice.address, 'For Alice', 'only', 'hers']);
    const [mail] = await s.db
      .select()
      .from(mails)
      .where(eq(mails.userId, await userId(s.db, alice.address)));
    await days(10); // expired, in the redemption window: every stake action is open to its owner
    const before = await state();
    const attempts: [string, Record<string, string>][] = [
      ['investapi/closeExpire', { pledge_id: pledge }],
      ['investapi/investUpgrade', { pledge_id: pledge, order_id: lv.big }],
      ['investapi/applyRedeem', { pledge_id: pledge }],
      ['investapi/confirmRedeem', { pledge_id: pledge }],
      ['mailapi/getMailDetail', { id: String(mail!.id) }],
      ['mailapi/replyMail', { id: String(mail!.id), title: 'Re', content: 'not mine' }],
    ];
    for (const [path, fields] of attempts) expect({ path, status: (await s.act(path, mallory, fields)).status }).toEqual({ path, status: 0 });
    expect(await state()).toBe(before);
    // The owner can: the refusals were about the owner, not the state.
    expect((await s.act('investapi/applyRedeem', alice, { pledge_id: pledge })).status).toBe(1);
    expect((await s.call('mailapi/getMailDetail', alice, { id: String(mail!.id) })).status).toBe(1);
  });
});

describe('redemption and upgrade edges', () => {
  it('refuses redemption before expiry and at exactly 24 h after it, and a confirmation after the window', async () => {
    const erin = await s.user();
    await deposit(s.db, s.clock, erin.address, '100');
    const pledge = await stakeOn(erin);
    const [row] = await s.db
      .select()
      .from(stakes)
      .where(eq(stakes.id, Number(pledge)));
    s.clock.set(new Date(row!.endsAt.getTime() - 1));
    expect((await s.act('investapi/applyRedeem', erin, { pledge_id: pledge })).info).toMatch(/redemption window/);
    s.clock.set(new Date(row!.endsAt.getTime() + DAY_MS));
    expect((await s.act('investapi/applyRedeem', erin, { pledge_id: pledge })).info).toMatch(/redemption window/);
    s.clock.set(new Date(row!.endsAt.getTime() + DAY_MS - 1));
    expect((await s.act('investapi/applyRedeem', erin, { pledge_id: pledge })).status).toBe(1);
    s.clock.set(new Date(row!.endsAt.getTime() + DAY_MS));
    const before = await balanceOf(s.db, await userId(s.db, erin.address));
    expect((await s.act('investapi/confirmRedeem', erin, { pledge_id: pledge })).info).toMatch(/redemption window/);
    expect(await balanceOf(s.db, await userId(s.db, erin.address))).toBe(before);
  });

  it('refuses to upgrade an expired stake and takes nothing', async () => {
    const gus = await s.user();
    await deposit(s.db, s.clock, gus.address, '600');
    const pledge = await stakeOn(gus);
    await days(10);
    const before = await balanceOf(s.db, await userId(s.db, gus.address));
    expect((await s.act('investapi/investUpgrade', gus, { pledge_id: pledge, order_id: lv.big })).status).toBe(0);
    expect(await balanceOf(s.db, await userId(s.db, gus.address))).toBe(before);
    expect(
      (
        await s.db
          .select()
          .from(stakes)
          .where(eq(stakes.id, Number(pledge)))
      )[0],
    ).toMatchObject({ amount: parseEther('100') });
  });

  it('renews an upgraded stake at its upgraded terms, renewal after renewal', async () => {
    const hal = await s.user();
    await deposit(s.db, s.clock, hal.address, '500');
    const pledge = await stakeOn(hal);
    await days(2);
    expect((await s.act('investapi/investUpgrade', hal, { pledge_id: pledge, order_id: lv.big })).status).toBe(1);
    await days(9); // the upgraded stake expires, and 24 h later renews
    await days(11); // the successor expires and renews too
    await days(11);
    const uid = await userId(s.db, hal.address);
    const chain = await s.db
      .select({ ...getTableColumns(stakes), paidDays: paidDaysOf })
      .from(stakes)
      .where(eq(stakes.userId, uid))
      .orderBy(stakes.id);
    expect(chain.map((c) => [c.status, c.amount, c.renewedFromId])).toEqual([
      ['renewed', parseEther('500'), null],
      ['renewed', parseEther('500'), chain[0]!.id],
      ['renewed', parseEther('500'), chain[1]!.id],
      ['active', parseEther('500'), chain[2]!.id],
    ]);
    const terms = await termsByStake(s.db, chain);
    for (const c of chain) {
      const [paid] = await s.db
        .select({ total: sql<string>`coalesce(sum(${dividends.amount}), 0)::text` })
        .from(dividends)
        .where(eq(dividends.stakeId, c.id));
      expect(BigInt(paid!.total)).toBe(totalDividend(terms.get(c.id)!, c.paidDays));
    }
    // Days 0–2 at 100 WLD × 1 %, 3–9 at 500 WLD × 2 %, then 10 days at 500 × 2 % per renewal.
    expect(chain.map((c) => c.paidDays)).toEqual([10, 10, 10, chain[3]!.paidDays]);
    // A successor earns on its own (upgraded) amount and scale from day 0, and has no terms rows of its own.
    expect(terms.get(chain[1]!.id)).toEqual([{ fromDay: 0, amount: parseEther('500'), scale: chain[0]!.scale }]);
    expect(await s.db.select().from(stakeTerms).where(eq(stakeTerms.stakeId, chain[1]!.id))).toEqual([]);
    expect((await s.db.select().from(stakeTerms).where(eq(stakeTerms.stakeId, chain[0]!.id))).map((t) => [t.fromDay, t.amount])).toEqual([
      [0, parseEther('100')],
      [3, parseEther('500')],
    ]);
  });
});

describe("the daily job's dividend against the app's formula", () => {
  it('pays floor(amount × scale / 100) exactly as lib/dividend.ts computes it, for random amounts and rates', async () => {
    await fc.assert(
      fc.asyncProperty(
        // The largest amount level.add takes: 999,999,999.999… WLD (nine whole digits).
        fc.bigInt({ min: 1n, max: 10n ** 27n - 1n }),
        fc.tuple(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 9999 })).filter(([w, f]) => w + f > 0 && w < 100),
        async (amount, [whole, fraction]) => {
          const scale = `${whole}.${String(fraction).padStart(4, '0')}`;
          const wld = `${amount / 10n ** 18n}.${String(amount % 10n ** 18n).padStart(18, '0')}`;
          const level = (await runOp(s.db, 'level.add', [wld, `3:${scale}`])) as { id: number; periods: unknown[] };
          const [period] = await s.db
            .execute(sql`select id from periods where level_id = ${level.id}`)
            .then((r) => (r as unknown as { rows: { id: number }[] }).rows);
          const who = await s.user();
          await deposit(s.db, s.clock, who.address, wld);
          const pledge = await stakeOn(who, String(level.id), String(period!.id));
          await days(1);
          const [paid] = await s.db
            .select()
            .from(dividends)
            .where(eq(dividends.stakeId, Number(pledge)));
          expect(paid?.amount ?? 0n).toBe(dailyDividend(parseUnits(wld, 18), scale));
        },
      ),
      // The example: numeric division rounds its quotient to a few decimals, so floor(x / 100) paid 10^20 + 1 here.
      {
        numRuns: 15,
        examples: [
          [10n ** 26n + 999_999n, [0, 1]],
          [10n ** 27n - 1n, [99, 9999]],
        ],
      },
    );
  }, 120_000);
});

describe('the advisory lock of the daily job', () => {
  it.skipIf(!process.env.TEST_DATABASE_URL)('makes a second run skip while another process holds it (PostgreSQL)', async () => {
    const url = await freshDatabaseUrl(process.env.TEST_DATABASE_URL!);
    const database = await openDatabase(testDatabaseUrls(url));
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    const clock = manualClock();
    await other.query('begin');
    expect((await other.query('select pg_try_advisory_xact_lock(731001) as ok')).rows[0]).toEqual({ ok: true });
    expect(await runStakingJobs(database.db, clock)).toMatchObject({ ran: false });
    await other.query('rollback');
    expect(await runStakingJobs(database.db, clock)).toMatchObject({ ran: true });
    await other.end();
    await database.close();
  });
});

describe('the admin token', () => {
  it('answers 401 without it, with another one or one of another length, and runs the op with it', async () => {
    const token = 'an-admin-token-of-32-characters!';
    const app = createAdminApp({ db: s.db, clock: s.clock, config: s.config }, token);
    const op = (authorization?: string) =>
      app.request('/admin/op', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
        body: JSON.stringify({ op: 'wallet.config', args: [] }),
      });
    expect((await op()).status).toBe(401);
    expect((await op(`Bearer ${token.replace('!', '?')}`)).status).toBe(401);
    expect((await op(`Bearer ${token}x`)).status).toBe(401);
    expect((await op(token.slice(1))).status).toBe(401);
    expect((await app.request('/admin/jobs/run', { method: 'POST' })).status).toBe(401);
    const ok = await op(`Bearer ${token}`);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ result: { min_withdraw: '0' } });
  });
});
