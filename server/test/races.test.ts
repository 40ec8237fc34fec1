import { and, eq, inArray, sql } from 'drizzle-orm';
import { parseEther } from 'viem';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runOp } from '../admin/ops';
import { rowsOf } from '../db/client';
import { dividends, ledgerEntries, transfers, withdrawals } from '../ledger/tables';
import { paidDaysOf, stakes, stakeTerms } from '../staking/tables';
import { translate } from '../i18n';
import { ledgerCheck } from '../ledger/checks';
import { balanceOf } from '../ledger/ledger';
import { runStakingJobs } from '../staking/daily';
import { DAY_MS } from '../clock';
import { manualClock, testServer } from './harness';
import { deposit, seedLevels, transferRequest, userId, withdrawRequest } from './money';

/**
 * Money races with real concurrency: many calls in flight at once through the HTTP app and the domain
 * functions, on a pool of real PostgreSQL connections (server/db/client.ts: 10). PGlite runs one transaction
 * at a time, so there these tests would prove nothing: they run in the PostgreSQL pass of `npm run test:server`
 * (mandatory in CI). Each test ends with the ledger check: balance = sum of entries for every member, every
 * hold matches its withdrawal, no balance below zero.
 */
const N = 20;
const BUSY = translate('internal', 'en');
const STAGGER_MS = 4;
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

if (!onPostgres) console.warn('races.test.ts: skipped on PGlite, which runs one transaction at a time; these run in the PostgreSQL pass (TEST_DATABASE_URL)');

let s: Awaited<ReturnType<typeof testServer>>;
let lv: Awaited<ReturnType<typeof seedLevels>>;

describe.skipIf(!onPostgres)('money races on PostgreSQL (skipped on PGlite: it runs one transaction at a time; set TEST_DATABASE_URL)', () => {
  beforeAll(async () => {
    // Dozens of challenges a second from one address: the rate limits have their own suite.
    s = await testServer({ sessionTtlSeconds: 10 * 365 * 86400, rateLimitFactor: 1000 });
    lv = await seedLevels(s.db);
  });
  afterAll(() => s?.close());
  afterEach(async () => {
    expect(await ledgerCheck(s.db)).toMatchObject({ balanceMismatches: [], heldMismatches: [] });
    expect(await rowsOf(s.db, sql`select user_id from balances where amount < 0`)).toEqual([]);
  });

  const wld = (n: number | string) => parseEther(String(n));
  const balance = async (a: { address: string }) => balanceOf(s.db, await userId(s.db, a.address));
  const stakeOn = async (a: Parameters<typeof s.act>[1]) => {
    const reply = await s.act('investapi/investSave', a, { order_id: lv.small, day_id: lv.smallTen });
    if (reply.status !== 1) throw new Error(`investSave: ${reply.info}`);
    return String(reply.data.pledge_id);
  };
  /** `n` challenges for the same signed call, signed: each a separate, valid request. */
  const signedMany = (a: Parameters<typeof s.act>[1], purpose: Parameters<typeof s.signed>[1], fields: Record<string, string>, n: number) =>
    Promise.all(Array.from({ length: n }, () => s.signed(a, purpose, fields)));
  const stakeRow = async (id: string | number) =>
    (
      await s.db
        .select()
        .from(stakes)
        .where(eq(stakes.id, Number(id)))
    )[0]!;
  /** The days paid to each of the stakes `ids`, in day order, from their dividends rows. */
  const paidDaysByStake = async (ids: number[]) => {
    const paid = await s.db.select().from(dividends).where(inArray(dividends.stakeId, ids));
    return ids.map((id) =>
      paid
        .filter((d) => d.stakeId === id)
        .map((d) => d.day)
        .sort((a, b) => a - b),
    );
  };
  const entriesOf = (stakeId: number, type: string) =>
    s.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.stakeId, stakeId), eq(ledgerEntries.type, type as 'redemption')));
  /**
   * The clock to the next 06:00 UTC: stakes opened now end and complete days at 06:00, inside a UTC day whose
   * ranks a run just before has computed, so the racing run is only the step under test (the day's first run
   * recomputes ranks first, some 200 ms, and the calls would all be done before it got to the step).
   */
  const atSixUtc = () => s.clock.set(new Date(Math.ceil(s.clock.now().getTime() / DAY_MS) * DAY_MS + 6 * 3600_000));
  /** A failed transaction as PostgreSQL put it (drizzle wraps the driver's error): its SQLSTATE and message. */
  const failure = (error: unknown) => {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return cause ? `${cause.code}: ${cause.message}` : String(error);
  };
  const noServerBusy = (replies: { info: string }[]) => expect(replies.filter((r) => r.info === BUSY)).toEqual([]);

  it(`${N} confirmRedeem at once on one stake: one accepted, one redemption entry, the principal credited once`, async () => {
    const alice = await s.user();
    await deposit(s.db, s.clock, alice.address, '100');
    const pledge = await stakeOn(alice);
    s.clock.advance(10 * DAY_MS);
    await runStakingJobs(s.db, s.clock); // every day paid, the stake expired: in its redemption window
    expect((await s.act('investapi/applyRedeem', alice, { pledge_id: pledge })).status).toBe(1);
    const before = await balance(alice);
    const signed = await signedMany(alice, 'confirmRedeem', { pledge_id: pledge }, N);
    const replies = await Promise.all(signed.map((n) => s.call('investapi/confirmRedeem', alice, { pledge_id: pledge, ...n })));
    noServerBusy(replies);
    expect(replies.filter((r) => r.status === 1)).toHaveLength(1);
    expect(new Set(replies.filter((r) => r.status !== 1).map((r) => r.info))).toEqual(new Set([translate('notRedeemable', 'en')]));
    expect((await entriesOf(Number(pledge), 'redemption')).map((e) => e.amount)).toEqual([wld(100)]);
    expect(await balance(alice)).toBe(before + wld(100));
    expect(await stakeRow(pledge)).toMatchObject({ status: 'redeemed' });
  });

  it(`${N} confirmRedeem in the redemption window's last millisecond ∥ the daily job renewing at its end: each stake is either redeemed (principal back, no successor) or renewed from its end (a successor holds the principal and is paid the window day), never both`, async () => {
    const members = await Promise.all(Array.from({ length: N }, () => s.user()));
    // and one who does nothing: renewed whichever way the race goes, so the renewal's answer is always checked
    const idle = await s.user();
    for (const m of [...members, idle]) await deposit(s.db, s.clock, m.address, '100');
    atSixUtc();
    const pledges = await Promise.all(members.map((m) => stakeOn(m)));
    const idlePledge = await stakeOn(idle);
    s.clock.advance(10 * DAY_MS);
    await runStakingJobs(s.db, s.clock);
    for (const [i, m] of members.entries()) expect((await s.act('investapi/applyRedeem', m, { pledge_id: pledges[i]! })).status).toBe(1);
    const endsAt = (await stakeRow(pledges[0]!)).endsAt.getTime();
    // The API's clock in the window's last millisecond, the job's at its end: each alone would act.
    s.clock.set(new Date(endsAt + DAY_MS - 1));
    const jobClock = manualClock(new Date(endsAt + DAY_MS));
    expect(await runStakingJobs(s.db, manualClock(new Date(endsAt + DAY_MS - 1)))).toMatchObject({ ran: true, renewed: 0 });
    const before = await Promise.all(members.map(balance));
    const idleBefore = await balance(idle);
    const signed = await Promise.all(members.map((m, i) => s.signed(m, 'confirmRedeem', { pledge_id: pledges[i]! })));
    // Sent a few milliseconds apart over the job's run, so that some land before its renewal and some after.
    const confirms = members.map(async (m, i) => {
      await new Promise((r) => setTimeout(r, i * STAGGER_MS));
      return s.call('investapi/confirmRedeem', m, { pledge_id: pledges[i]!, ...signed[i]! });
    });
    const [report, replies] = await Promise.all([runStakingJobs(s.db, jobClock), Promise.all(confirms)]);
    noServerBusy(replies);
    const redeemed = replies.filter((r) => r.status === 1).length;
    expect(report).toMatchObject({ ran: true, renewed: N - redeemed + 1 });
    const [idleNext] = await s.db
      .select()
      .from(stakes)
      .where(eq(stakes.renewedFromId, Number(idlePledge)));
    expect({ startedAt: idleNext?.startedAt.getTime(), balance: await balance(idle) }).toEqual({ startedAt: endsAt, balance: idleBefore + wld(1) });
    for (const [i, m] of members.entries()) {
      const id = Number(pledges[i]);
      const row = await stakeRow(id);
      const successors = await s.db.select().from(stakes).where(eq(stakes.renewedFromId, id));
      const redemption = await entriesOf(id, 'redemption');
      if (replies[i]!.status === 1) {
        expect({ i, status: row.status, successors: successors.length, redemption: redemption.length, balance: await balance(m) }).toEqual({
          i,
          status: 'redeemed',
          successors: 0,
          redemption: 1,
          balance: before[i]! + wld(100),
        });
      } else {
        expect(replies[i]!.info).toBe(translate('notRedeemable', 'en'));
        // renewed from the period's end: the window was the successor's day 0, paid in the same run (1 WLD)
        expect({
          i,
          status: row.status,
          successors: successors.map((x) => [x.status, x.amount, x.startedAt.getTime()]),
          redemption: redemption.length,
          balance: await balance(m),
        }).toEqual({ i, status: 'renewed', successors: [['active', wld(100), endsAt]], redemption: 0, balance: before[i]! + wld(1) });
        expect(await paidDaysByStake([successors[0]!.id])).toEqual([[0]]);
      }
    }
    console.info(`redeem ∥ renewal: ${redeemed} redeemed, ${N - redeemed} renewed`);
  });

  it(`${N} confirmRedeem an hour after the period ends ∥ the daily job paying its last day: every stake redeemed once and paid each of its 10 days once (110 WLD back on 100), every day paid`, async () => {
    const members = await Promise.all(Array.from({ length: N }, () => s.user()));
    for (const m of members) await deposit(s.db, s.clock, m.address, '100');
    atSixUtc();
    const pledges = await Promise.all(members.map((m) => stakeOn(m)));
    s.clock.advance(9 * DAY_MS);
    await runStakingJobs(s.db, s.clock); // days 0-8 paid; day 9 completes at the period's end
    const endsAt = (await stakeRow(pledges[0]!)).endsAt.getTime();
    s.clock.set(new Date(endsAt + 3600_000));
    for (const [i, m] of members.entries()) expect((await s.act('investapi/applyRedeem', m, { pledge_id: pledges[i]! })).status).toBe(1);
    const signed = await Promise.all(members.map((m, i) => s.signed(m, 'confirmRedeem', { pledge_id: pledges[i]! })));
    const confirms = members.map(async (m, i) => {
      await new Promise((r) => setTimeout(r, i * STAGGER_MS));
      return s.call('investapi/confirmRedeem', m, { pledge_id: pledges[i]!, ...signed[i]! });
    });
    const [, replies] = await Promise.all([runStakingJobs(s.db, s.clock), Promise.all(confirms)]);
    noServerBusy(replies);
    expect(replies.map((r) => r.status)).toEqual(members.map(() => 1));
    const ids = pledges.map(Number);
    expect(await paidDaysByStake(ids)).toEqual(ids.map(() => [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]));
    expect(await s.db.select({ paidDays: paidDaysOf }).from(stakes).where(inArray(stakes.id, ids))).toEqual(ids.map(() => ({ paidDays: 10 })));
    expect(await Promise.all(members.map(balance))).toEqual(members.map(() => wld(110)));
  });

  it(`${N} stakes opened ∥ the daily job paying the first day of ${N} others: every stake is paid each completed day once, the new ones from their first day by the next run (the paid watermark)`, async () => {
    const earlier = await Promise.all(Array.from({ length: N }, () => s.user()));
    const later = await Promise.all(Array.from({ length: N }, () => s.user()));
    for (const m of [...earlier, ...later]) await deposit(s.db, s.clock, m.address, '100');
    atSixUtc();
    const first = await Promise.all(earlier.map((m) => stakeOn(m)));
    s.clock.advance(DAY_MS - 3600_000);
    await runStakingJobs(s.db, s.clock); // the day's ranks, so the racing run below is the pay
    s.clock.advance(3600_000); // the earlier stakes' first day completes
    const opens = later.map(async (m, i) => {
      await new Promise((r) => setTimeout(r, i * STAGGER_MS));
      return stakeOn(m);
    });
    const [, second] = await Promise.all([runStakingJobs(s.db, s.clock), Promise.all(opens)]);
    s.clock.advance(DAY_MS);
    await runStakingJobs(s.db, s.clock);
    await runStakingJobs(s.db, s.clock); // a rerun pays nothing twice
    const ids = [...first, ...second].map(Number);
    expect(await paidDaysByStake(ids)).toEqual([...first.map(() => [0, 1]), ...second.map(() => [0])]);
    const derived = await s.db.select({ id: stakes.id, paidDays: paidDaysOf }).from(stakes).where(inArray(stakes.id, ids));
    expect(ids.map((id) => derived.find((d) => d.id === id)?.paidDays)).toEqual([...first.map(() => 2), ...second.map(() => 1)]);
    expect(await Promise.all(earlier.map(balance))).toEqual(earlier.map(() => wld(2)));
    expect(await Promise.all(later.map(balance))).toEqual(later.map(() => wld(1)));
  });

  it(`${N} upgrades at once of one stake to the 500 WLD level, with the balance for all: one accepted, the rest refused as already at that level; the stake, its terms and the one upgrade entry agree with the balance`, async () => {
    const gus = await s.user();
    await deposit(s.db, s.clock, gus.address, String(100 + 400 * N));
    const pledge = await stakeOn(gus);
    s.clock.advance(DAY_MS / 2);
    const signed = await signedMany(gus, 'investUpgrade', { pledge_id: pledge, order_id: lv.big }, N);
    const replies = await Promise.all(signed.map((n) => s.call('investapi/investUpgrade', gus, { pledge_id: pledge, order_id: lv.big, ...n })));
    noServerBusy(replies);
    expect(replies.filter((r) => r.status === 1).map((r) => r.data)).toEqual([{ pledge_id: pledge, paid: wld(400).toString() }]);
    expect(new Set(replies.filter((r) => r.status !== 1).map((r) => r.info))).toEqual(new Set([translate('notUpgradable', 'en')]));
    expect((await entriesOf(Number(pledge), 'upgrade')).map((e) => e.amount)).toEqual([-wld(400)]);
    expect(await balance(gus)).toBe(wld(400 * N - 400));
    expect(await stakeRow(pledge)).toMatchObject({ levelId: Number(lv.big), amount: wld(500), cumulative: wld(500) });
    const terms = await s.db
      .select()
      .from(stakeTerms)
      .where(eq(stakeTerms.stakeId, Number(pledge)))
      .orderBy(stakeTerms.fromDay);
    expect(terms.map((t) => [t.fromDay, t.amount])).toEqual([
      [0, wld(100)],
      [1, wld(500)],
    ]);
  });

  it(`${N} upgrades in day 0's last millisecond ∥ the daily job paying day 0: day 0 pays on the 100 WLD level once (1 WLD), day 1 on the 500 WLD level (10 WLD), balances = entries`, async () => {
    const members = await Promise.all(Array.from({ length: N }, () => s.user()));
    for (const m of members) await deposit(s.db, s.clock, m.address, '500');
    atSixUtc();
    const pledges = await Promise.all(members.map((m) => stakeOn(m)));
    const started = (await stakeRow(pledges[0]!)).startedAt.getTime();
    s.clock.set(new Date(started + DAY_MS - 1));
    const jobClock = manualClock(new Date(started + DAY_MS));
    await runStakingJobs(s.db, manualClock(new Date(started + DAY_MS - 1))); // the day's ranks, as in the window test
    const signed = await Promise.all(members.map((m, i) => s.signed(m, 'investUpgrade', { pledge_id: pledges[i]!, order_id: lv.big })));
    const upgrades = members.map(async (m, i) => {
      await new Promise((r) => setTimeout(r, i * STAGGER_MS));
      return s.call('investapi/investUpgrade', m, { pledge_id: pledges[i]!, order_id: lv.big, ...signed[i]! });
    });
    const [report, replies] = await Promise.all([runStakingJobs(s.db, jobClock), Promise.all(upgrades)]);
    noServerBusy(replies);
    expect(replies.map((r) => r.status)).toEqual(members.map(() => 1));
    expect(report).toMatchObject({ ran: true });
    const paidOf = async () => {
      const rows = await s.db
        .select()
        .from(dividends)
        .where(inArray(dividends.stakeId, pledges.map(Number)))
        .orderBy(dividends.stakeId, dividends.day);
      return pledges.map((p) => rows.filter((d) => d.stakeId === Number(p)).map((d) => [d.day, d.principal, d.amount]));
    };
    expect(await paidOf()).toEqual(pledges.map(() => [[0, wld(100), wld(1)]]));
    expect(await Promise.all(members.map(balance))).toEqual(members.map(() => wld(1)));
    s.clock.set(new Date(started + 2 * DAY_MS));
    await runStakingJobs(s.db, s.clock);
    expect(await paidOf()).toEqual(
      pledges.map(() => [
        [0, wld(100), wld(1)],
        [1, wld(500), wld(10)],
      ]),
    );
    expect(await Promise.all(members.map(balance))).toEqual(members.map(() => wld(11)));
  });

  it(`approve ∥ reject of each of ${N} withdrawals under review: exactly one wins each, the hold is refunded exactly when rejected`, async () => {
    const members = await Promise.all(Array.from({ length: N }, () => s.user()));
    const ids: number[] = [];
    for (const m of members) {
      await deposit(s.db, s.clock, m.address, '100');
      ids.push(await withdrawRequest(s.db, m.address, '30'));
    }
    const outcomes = await Promise.all(
      ids.map((id) => Promise.allSettled([runOp(s.db, 'withdrawal.approve', [String(id)]), runOp(s.db, 'withdrawal.reject', [String(id), 'race'])])),
    );
    let approved = 0;
    for (const [i, [approve, reject]] of outcomes.entries()) {
      const won = [approve, reject].filter((o) => o.status === 'fulfilled');
      expect({ i, winners: won.length }).toEqual({ i, winners: 1 });
      const lost = [approve, reject].find((o) => o.status === 'rejected') as PromiseRejectedResult;
      expect(String(lost.reason)).toMatch(/not under review/);
      const [row] = await s.db.select().from(withdrawals).where(eq(withdrawals.id, ids[i]!));
      const wasApproved = approve.status === 'fulfilled';
      approved += Number(wasApproved);
      expect({ i, status: row!.status, balance: await balance(members[i]!) }).toEqual({
        i,
        status: wasApproved ? 'audit-successful' : 'audit-failed',
        balance: wasApproved ? wld(70) : wld(100),
      });
    }
    console.info(`approve ∥ reject: ${approved} approved, ${N - approved} rejected`);
  });

  it(`stake ∥ withdrawal ∥ transfer by each of ${N} members from a balance that covers one of them: exactly one goes through, the balance ends at 0, never below`, async () => {
    const sink = await s.user();
    const members = await Promise.all(Array.from({ length: N }, () => s.user()));
    for (const m of members) await deposit(s.db, s.clock, m.address, '100');
    const signed = await Promise.all(members.map((m) => s.signed(m, 'investSave', { order_id: lv.small, day_id: lv.smallTen })));
    const ids = await Promise.all(members.map((m) => userId(s.db, m.address)));
    const attempts = members.map((m, i) =>
      Promise.allSettled([
        s.call('investapi/investSave', m, { order_id: lv.small, day_id: lv.smallTen, ...signed[i]! }),
        withdrawRequest(s.db, m.address, '100'),
        transferRequest(s.db, m.address, sink.address, '100'),
      ]),
    );
    const settled = await Promise.all(attempts);
    expect(
      settled
        .flat()
        .filter((o) => o.status === 'rejected')
        .map((o) => failure((o as PromiseRejectedResult).reason)),
    ).toEqual([]);
    for (const [i, m] of members.entries()) {
      const staked = await s.db.select().from(stakes).where(eq(stakes.userId, ids[i]!));
      const held = await s.db
        .select()
        .from(withdrawals)
        .where(and(eq(withdrawals.userId, ids[i]!), eq(withdrawals.status, 'under-review')));
      const sent = await s.db
        .select()
        .from(transfers)
        .where(and(eq(transfers.fromUserId, ids[i]!), eq(transfers.status, 'done')));
      expect({ i, through: staked.length + held.length + sent.length, balance: await balance(m) }).toEqual({ i, through: 1, balance: 0n });
      const stakeReply = (settled[i]![0] as PromiseFulfilledResult<{ status: number; info: string }>).value;
      expect({ i, reply: stakeReply.status === 1 ? 'staked' : stakeReply.info }).toEqual({
        i,
        reply: staked.length ? 'staked' : translate('insufficientBalance', 'en'),
      });
    }
    const sentTotal = await s.db
      .select()
      .from(transfers)
      .where(and(eq(transfers.toUserId, await userId(s.db, sink.address)), eq(transfers.status, 'done')));
    expect(await balance(sink)).toBe(wld(100) * BigInt(sentTotal.length));
  });

  it(`${N} investSave at once with one signature, from a balance that covers all of them: one stake opened and debited, the rest refused as a used nonce`, async () => {
    const kim = await s.user();
    await deposit(s.db, s.clock, kim.address, String(100 * N));
    const signed = await s.signed(kim, 'investSave', { order_id: lv.small, day_id: lv.smallTen });
    const replies = await Promise.all(
      Array.from({ length: N }, () => s.call('investapi/investSave', kim, { order_id: lv.small, day_id: lv.smallTen, ...signed })),
    );
    noServerBusy(replies);
    expect(replies.filter((r) => r.status === 1)).toHaveLength(1);
    expect(new Set(replies.filter((r) => r.status !== 1).map((r) => r.info))).toEqual(new Set([translate('nonceInvalid', 'en')]));
    expect(
      await s.db
        .select()
        .from(stakes)
        .where(eq(stakes.userId, await userId(s.db, kim.address))),
    ).toHaveLength(1);
    expect(await balance(kim)).toBe(wld(100 * N - 100));
  });

  it('the daily job credits balances in member order: a transfer holding the lower of two balances waits for no balance the job holds', async () => {
    const [low, high] = [await s.user(), await s.user()];
    for (const m of [low, high]) await deposit(s.db, s.clock, m.address, '200');
    atSixUtc();
    await stakeOn(high);
    await stakeOn(low);
    const [lowId, highId] = [await userId(s.db, low.address), await userId(s.db, high.address)];
    expect(lowId).toBeLessThan(highId);
    // The lower member's balance row now lies after the higher's in the table (written last), so a scan of the table
    // reaches the higher first: the order the job's credit took before it locked in member order, and deadlocked in.
    const [order] = await rowsOf<{ lowAfter: boolean }>(
      s.db,
      sql`
      select (select ctid from balances where user_id = ${lowId}) > (select ctid from balances where user_id = ${highId}) as "lowAfter"`,
    );
    expect(order).toEqual({ lowAfter: true });
    s.clock.advance(DAY_MS - 3600_000);
    await runStakingJobs(s.db, s.clock); // the day's ranks, so the run below is the pay
    s.clock.advance(3600_000);
    // A transfer locks its two balances in member order (ledger/transfers.ts): it holds the lower while the job runs,
    // then asks for the higher.
    let lowHeld!: () => void;
    let jobWaiting!: () => void;
    const held = new Promise<void>((resolve) => (lowHeld = resolve));
    const waiting = new Promise<void>((resolve) => (jobWaiting = resolve));
    const transfer = s.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from balances where user_id = ${lowId} for update`);
      lowHeld();
      await waiting;
      await tx.execute(sql`select 1 from balances where user_id = ${highId} for update`);
    });
    await held;
    const job = runStakingJobs(s.db, s.clock);
    const blocked = async () =>
      (
        await rowsOf<{ n: number }>(s.db, sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`)
      )[0]!.n;
    await expect.poll(blocked, { timeout: 10_000 }).toBe(1);
    jobWaiting();
    const outcomes = await Promise.allSettled([transfer, job]);
    expect(outcomes.filter((o) => o.status === 'rejected').map((o) => failure((o as PromiseRejectedResult).reason))).toEqual([]);
    expect(await Promise.all([low, high].map(balance))).toEqual([wld(101), wld(101)]);
  });

  it(`A→B ∥ B→A transfers between ${N} stakers ∥ the daily job crediting their dividends: none fails (no deadlock), each balance ends at its dividend`, async () => {
    const members = await Promise.all(Array.from({ length: N }, () => s.user()));
    for (const m of members) await deposit(s.db, s.clock, m.address, '200');
    atSixUtc();
    const pledges: string[] = [];
    for (const m of members) pledges.push(await stakeOn(m));
    s.clock.advance(DAY_MS - 3600_000);
    await runStakingJobs(s.db, s.clock); // the day's ranks, so the racing run below is the pay
    s.clock.advance(3600_000); // day 0 completes: 1 WLD each
    const pairs = Array.from({ length: N / 2 }, (_, i) => [members[2 * i]!, members[2 * i + 1]!] as const);
    const sends = pairs.flatMap(([a, b]) =>
      Array.from({ length: 3 }, () => [transferRequest(s.db, a.address, b.address, '10'), transferRequest(s.db, b.address, a.address, '10')]).flat(),
    );
    const [report, ...settled] = await Promise.allSettled([runStakingJobs(s.db, s.clock), ...sends]);
    expect([report, ...settled].filter((o) => o.status === 'rejected').map((o) => failure((o as PromiseRejectedResult).reason))).toEqual([]);
    expect(report).toMatchObject({ status: 'fulfilled', value: { ran: true } });
    expect(await paidDaysByStake(pledges.map(Number))).toEqual(pledges.map(() => [0]));
    // 200 deposited, 100 staked, one day's 1 % of it paid (as 10 days pay 110 on 100 above); the transfers each way
    // cancel out
    expect(await Promise.all(members.map(balance))).toEqual(members.map(() => wld(101)));
  });

  it(`A→B ∥ B→A transfers, 5 each way in each of ${N / 2} pairs at once: every one recorded done, none fails (no deadlock), each balance ends where it began`, async () => {
    const pairs = await Promise.all(Array.from({ length: N / 2 }, async () => [await s.user(), await s.user()] as const));
    for (const [a, b] of pairs) for (const m of [a, b]) await deposit(s.db, s.clock, m.address, '100');
    const sends = pairs.flatMap(([a, b]) =>
      Array.from({ length: 5 }, () => [transferRequest(s.db, a.address, b.address, '10'), transferRequest(s.db, b.address, a.address, '10')]).flat(),
    );
    const settled = await Promise.allSettled(sends);
    expect(settled.filter((o) => o.status === 'rejected').map((o) => failure((o as PromiseRejectedResult).reason))).toEqual([]);
    const ids = await Promise.all(pairs.flat().map((m) => userId(s.db, m.address)));
    const rows = await s.db.select().from(transfers).where(inArray(transfers.fromUserId, ids));
    expect(rows.map((t) => t.status)).toEqual(rows.map(() => 'done'));
    expect(rows).toHaveLength(N * 5);
    expect(await Promise.all(pairs.flat().map(balance))).toEqual(pairs.flat().map(() => wld(100)));
  });
});
