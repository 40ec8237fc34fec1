import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOp } from '../admin/ops';
import { DAY_MS } from '../clock';
import { rowsOf } from '../db/client';
import { recomputeRanks, recomputeRanksOf } from '../rewards/ranks';
import { ruleTimeline, rulesAt } from '../rewards/rules';
import { runStakingJobs } from '../staking/daily';
import { heldStakes, rankPassFor } from '../staking/rank-changes';
import { testServer } from './harness';
import { deposit, seedLevels, userId } from './money';

/**
 * The daily ranks recompute only the members a stake change can move (docs/rewards.md, Ranks): the three
 * generations above a member whose stakes changed since the last ranks run, and everyone on a day a rank rule
 * changed. A member outside every changed line keeps whatever rank is stored, so a test marks one such member
 * with a rank no pass would give (star 5 without a single valid direct) and sees whether a run rewrote it.
 */
type Server = Awaited<ReturnType<typeof testServer>>;
type Account = Awaited<ReturnType<Server['user']>>;

const ranksOf = async (s: Server, who: Account) => {
  const [row] = await rowsOf<{ star: number; lv: number; v_lv: number }>(
    s.db,
    sql`
    select star, lv, v_lv from users where lower(address) = ${who.address.toLowerCase()}`,
  );
  return row && [row.star, row.lv, row.v_lv];
};
/** What a full pass would still change after the run: 0 when the run left every member's ranks as a full pass would. */
const fullPassWouldMove = async (s: Server) => s.db.transaction(async (tx) => recomputeRanks(tx, rulesAt(await ruleTimeline(tx), s.clock.now()), heldStakes));
const staked = async (s: Server, who: Account, order: string, day: string) => {
  const reply = await s.act('investapi/investSave', who, { order_id: order, day_id: day });
  if (reply.status !== 1) throw new Error(reply.info);
  return (reply.data as { pledge_id: string }).pledge_id;
};

describe('ranks recomputed from the stake changes since the last ranks run', () => {
  // root ── A ── B ── C ── D        D is A's generation 3
  //    │     └─── E ── F ── G        G (staked) too, on another line: E and F hold no stake
  //    └─── X ── Y                   an unrelated branch
  // Thresholds: 1 valid direct for every level; team stake 0 / 200 / 300 / 400 WLD.
  let s: Server;
  let lv: Awaited<ReturnType<typeof seedLevels>>;
  let a: Account, b: Account, c: Account, d: Account, g: Account, x: Account, y: Account;
  let dStake: string;
  const markX = () => s.db.execute(sql`update users set star = 5 where lower(address) = ${x.address.toLowerCase()}`);

  beforeAll(async () => {
    s = await testServer({ sessionTtlSeconds: 365 * 86400 });
    lv = await seedLevels(s.db);
    const root = await s.root();
    a = await s.user(root);
    b = await s.user(a);
    c = await s.user(b);
    d = await s.user(c);
    g = await s.user(await s.user(await s.user(a)));
    x = await s.user(root);
    y = await s.user(x);
    for (const member of [a, b, c, d, g, x, y]) await deposit(s.db, s.clock, member.address, '1000');
    for (const member of [a, b, c, g, x, y]) await staked(s, member, lv.small, lv.smallThirty);
    for (const r of [10, 20, 30, 40]) await runOp(s.db, 'rule.set', [`rank.${r}.directs`, '1'], s.clock);
    for (const [r, v] of [
      [20, '200'],
      [30, '300'],
      [40, '400'],
    ] as const)
      await runOp(s.db, 'rule.set', [`rank.${r}.team_stake`, v], s.clock);
    s.clock.advance(DAY_MS); // Jan 2
    expect(await runStakingJobs(s.db, s.clock)).toMatchObject({ rankPass: 'full' }); // the first ranks run
  });
  afterAll(() => s.close());

  it('the first run ranks everyone', async () => {
    expect(await ranksOf(s, a)).toEqual([1, 30, 1]); // team B, C, G: 300
    expect(await ranksOf(s, b)).toEqual([1, 10, 1]);
    expect(await ranksOf(s, c)).toEqual([0, 0, 1]); // D holds no stake: no valid member below
    expect(await ranksOf(s, x)).toEqual([1, 10, 1]);
  });

  it("a stake opened by a generation-3 member moves its line's ranks on the next day's run, and nothing outside it", async () => {
    await markX();
    s.clock.advance(DAY_MS / 2);
    dStake = await staked(s, d, lv.small, lv.smallTen); // Jan 2, 12:00
    s.clock.advance(DAY_MS / 2);
    const run = await runStakingJobs(s.db, s.clock); // Jan 3
    expect(run).toMatchObject({ rankPass: 'changes', ranks: 4 });
    expect(await ranksOf(s, d)).toEqual([0, 0, 1]);
    expect(await ranksOf(s, c)).toEqual([1, 10, 1]);
    expect(await ranksOf(s, b)).toEqual([1, 20, 1]);
    expect(await ranksOf(s, a)).toEqual([1, 40, 1]); // team B, C, D and G on its other line: 400
    expect(await ranksOf(s, x)).toEqual([5, 10, 1]); // not recomputed
    expect(await fullPassWouldMove(s)).toBe(1); // X alone
    await markX();
  });

  it('an upgrade moves the V level and the line above', async () => {
    s.clock.advance(DAY_MS / 2);
    expect((await s.act('investapi/investUpgrade', d, { pledge_id: dStake, order_id: lv.big })).status).toBe(1);
    s.clock.advance(DAY_MS / 2);
    expect(await runStakingJobs(s.db, s.clock)).toMatchObject({ rankPass: 'changes' }); // Jan 4
    expect(await ranksOf(s, d)).toEqual([0, 0, 2]); // 500 WLD: V2
    expect(await ranksOf(s, c)).toEqual([1, 40, 1]); // team D: 500
    expect(await ranksOf(s, b)).toEqual([1, 40, 1]);
    expect(await ranksOf(s, x)).toEqual([5, 10, 1]);
  });

  it('a redemption lowers them on the next run', async () => {
    // D's 10 days end Jan 12, 12:00; no run in between, so the stake is still active when D redeems it.
    s.clock.advance(8 * DAY_MS + DAY_MS / 2 + 60_000);
    expect((await s.act('investapi/applyRedeem', d, { pledge_id: dStake })).status).toBe(1);
    expect((await s.act('investapi/confirmRedeem', d, { pledge_id: dStake })).status).toBe(1);
    s.clock.advance(DAY_MS / 2);
    expect(await runStakingJobs(s.db, s.clock)).toMatchObject({ rankPass: 'changes' });
    expect(await ranksOf(s, d)).toEqual([0, 0, 0]);
    expect(await ranksOf(s, c)).toEqual([0, 0, 1]);
    expect(await ranksOf(s, b)).toEqual([1, 10, 1]);
    expect(await ranksOf(s, a)).toEqual([1, 30, 1]);
    expect(await ranksOf(s, x)).toEqual([5, 10, 1]);
  });

  it('a stake in its redemption window still counts (the member holds it); once redeemed, no longer', async () => {
    const opened = s.clock.now().getTime(); // Jan 13, 00:01: its 10 days end Jan 23, 00:01
    const pledge = await staked(s, d, lv.small, lv.smallTen);
    s.clock.advance(DAY_MS);
    await runStakingJobs(s.db, s.clock);
    expect(await ranksOf(s, c)).toEqual([1, 10, 1]);
    s.clock.set(new Date(opened + 10 * DAY_MS + 60_000)); // Jan 23, 00:02: the day's first run, just past its end
    expect(await runStakingJobs(s.db, s.clock)).toMatchObject({ rankPass: 'changes', expired: 1 });
    expect(await ranksOf(s, c)).toEqual([1, 10, 1]);
    s.clock.set(new Date(opened + 11 * DAY_MS - 30_000)); // Jan 24, 00:00:30: still in its redemption window, not renewed
    expect(await runStakingJobs(s.db, s.clock)).toMatchObject({ rankPass: 'changes', renewed: 0 });
    expect(await ranksOf(s, c)).toEqual([1, 10, 1]); // d holds the expired stake: a valid direct of c's
    expect(await ranksOf(s, d)).toEqual([0, 0, 1]);
    for (const step of ['applyRedeem', 'confirmRedeem'] as const) expect((await s.act(`investapi/${step}`, d, { pledge_id: pledge })).status).toBe(1);
    s.clock.advance(DAY_MS); // Jan 25: the next day's first run
    expect(await runStakingJobs(s.db, s.clock)).toMatchObject({ rankPass: 'changes', renewed: 0 });
    expect(await ranksOf(s, c)).toEqual([0, 0, 1]);
    expect(await ranksOf(s, d)).toEqual([0, 0, 0]);
    expect(await ranksOf(s, x)).toEqual([5, 10, 1]);
  });

  it('a rank rule taking effect recomputes everyone; a bonus alone does not', async () => {
    await runOp(s.db, 'rule.set', ['rank.40.bonus', '5'], s.clock);
    s.clock.advance(DAY_MS);
    expect(await runStakingJobs(s.db, s.clock)).toMatchObject({ rankPass: 'changes' });
    expect(await ranksOf(s, x)).toEqual([5, 10, 1]);
    await runOp(s.db, 'rule.set', ['rank.10.team_stake', '50'], s.clock);
    expect((await runStakingJobs(s.db, s.clock)).ranks).toBeNull(); // the same day: ranks are done
    s.clock.advance(DAY_MS);
    expect(await runStakingJobs(s.db, s.clock)).toMatchObject({ rankPass: 'full' });
    expect(await ranksOf(s, x)).toEqual([1, 10, 1]); // rewritten by the full pass
    expect(await fullPassWouldMove(s)).toBe(0);
  });

  it('gives up a walk that reaches more members than its limit, having written nothing', async () => {
    await markX();
    const everyone = sql`(select id as user_id from users)`;
    const walk = (limit: number) =>
      s.db.transaction(async (tx) => recomputeRanksOf(tx, rulesAt(await ruleTimeline(tx), s.clock.now()), heldStakes, everyone, limit));
    expect(await walk(3)).toBeNull();
    expect(await ranksOf(s, x)).toEqual([5, 10, 1]);
    expect(await walk(1000)).toBe(1);
    expect(await ranksOf(s, x)).toEqual([1, 10, 1]);
  });
});

describe('the choice of pass', () => {
  it('takes a full pass on the first run, a rule change, or more changed stakes than a quarter of the members (at least 10,000)', () => {
    const base = { first: false, rulesChanged: false, changedStakes: 10, members: 100 };
    expect(rankPassFor(base)).toBe('changes');
    expect(rankPassFor({ ...base, first: true })).toBe('full');
    expect(rankPassFor({ ...base, rulesChanged: true })).toBe('full');
    expect(rankPassFor({ ...base, changedStakes: 10_000 })).toBe('changes');
    expect(rankPassFor({ ...base, changedStakes: 10_001 })).toBe('full');
    expect(rankPassFor({ ...base, members: 1_000_000, changedStakes: 250_000 })).toBe('changes');
    expect(rankPassFor({ ...base, members: 1_000_000, changedStakes: 250_001 })).toBe('full');
  });
});

describe('incremental ranks equal a full pass', () => {
  let s: Server;
  afterAll(() => s?.close());

  it('on a random tree after random opens, upgrades, redemptions, expiries and renewals', async () => {
    s = await testServer({ sessionTtlSeconds: 365 * 86400 });
    const lv = await seedLevels(s.db);
    let seed = 35;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
    const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)]!;
    const members: Account[] = [await s.user()];
    for (let i = 0; i < 30; i++) members.push(await s.user(pick(members)));
    for (const m of members) await deposit(s.db, s.clock, m.address, '5000');
    // thresholds that the tree's small numbers cross: directs 1–3, team stake 100–1,000 WLD
    for (const [r, n] of [
      [10, '1'],
      [20, '1'],
      [30, '2'],
      [40, '3'],
    ] as const)
      await runOp(s.db, 'rule.set', [`rank.${r}.directs`, n], s.clock);
    for (const [r, v] of [
      [10, '100'],
      [20, '300'],
      [30, '600'],
      [40, '1000'],
    ] as const)
      await runOp(s.db, 'rule.set', [`rank.${r}.team_stake`, v], s.clock);
    const open = async (m: Account) => {
      const [order, day] = pick([
        [lv.small, lv.smallTen],
        [lv.small, lv.smallThirty],
        [lv.big, lv.bigTen],
      ] as const);
      await staked(s, m, order, day);
    };
    // Each day: members act at 08:00 (every stake opens at 08:00, so it ends at 08:00 and is redeemable from then);
    // a run at 12:00 pays, expires and renews; the next day's first run, at 00:00, ranks and has nothing to expire or
    // renew, so a full pass after it reads the stakes its ranks read. Its ranks must be what that full pass gives.
    const HOUR = DAY_MS / 24;
    s.clock.advance(8 * HOUR);
    for (let i = 0; i < 20; i++) await open(pick(members));
    s.clock.advance(16 * HOUR);
    expect(await runStakingJobs(s.db, s.clock)).toMatchObject({ rankPass: 'full' });

    let moved = 0;
    let redeemed = 0;
    let upgraded = 0;
    for (let day = 0; day < 14; day++) {
      s.clock.advance(8 * HOUR);
      for (let i = 0; i < 3; i++) await open(pick(members));
      const stakes = await rowsOf<{ id: number; user_id: number; status: string; amount: string; ends_at: Date; days: number }>(
        s.db,
        sql`
        select id, user_id, status, amount::text, ends_at, days from stakes where status in ('active', 'expired')`,
      );
      const ids = new Map(await Promise.all(members.map(async (m) => [await userId(s.db, m.address), m] as const)));
      const now = s.clock.now().getTime();
      for (const st of stakes) {
        const owner = ids.get(st.user_id)!;
        const ended = new Date(st.ends_at).getTime() <= now;
        if (ended && now < new Date(st.ends_at).getTime() + DAY_MS && random() < 0.5) {
          // in its redemption window
          redeemed += 1;
          expect((await s.act('investapi/applyRedeem', owner, { pledge_id: String(st.id) })).status).toBe(1);
          expect((await s.act('investapi/confirmRedeem', owner, { pledge_id: String(st.id) })).status).toBe(1);
        } else if (!ended && st.status === 'active' && st.days === 10 && BigInt(st.amount) < 500n * 10n ** 18n && random() < 0.2) {
          expect((await s.act('investapi/investUpgrade', owner, { pledge_id: String(st.id), order_id: lv.big })).status).toBe(1);
          upgraded += 1;
        }
      }
      s.clock.advance(4 * HOUR);
      expect((await runStakingJobs(s.db, s.clock)).ranks).toBeNull();
      s.clock.advance(12 * HOUR);
      const run = await runStakingJobs(s.db, s.clock);
      expect(run).toMatchObject({ rankPass: 'changes', expired: 0, renewed: 0 });
      moved += run.ranks ?? 0;
      expect({ day, differs: await fullPassWouldMove(s) }).toEqual({ day, differs: 0 });
    }
    expect(moved).toBeGreaterThan(10); // the runs did move ranks, so the comparison compared something
    const [renewed] = await rowsOf<{ n: number }>(s.db, sql`select count(*)::int as n from stakes where status = 'renewed'`);
    expect({ redeemed: redeemed > 0, upgraded: upgraded > 0, renewed: renewed!.n > 0 }).toEqual({ redeemed: true, upgraded: true, renewed: true });
  });
});
