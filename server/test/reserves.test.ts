// The reserves read model (server/views/reserves.ts) on a seeded ledger whose answer is worked out by hand below,
// with the Vault's WLD read from a real anvil chain at its finalized block (head − 2 here: one slot per epoch).
import { eq } from 'drizzle-orm';
import { parseEther } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_VAULT } from '../../abi';
import { anvilAccount } from '../../stack/accounts';
import { runOp } from '../admin/ops';
import { dividends, withdrawals } from '../ledger/tables';
import { type Line, rewardsOnDividend } from '../rewards/line';
import { RULE_DEFAULTS, type RuleValues } from '../rewards/rules';
import { runStakingJobs } from '../staking/daily';
import { stake } from '../staking/service';
import { findUser } from '../users/registry';
import { reserves } from '../views/reserves';
import { reservesText } from '../views/reserves-text';
import { deposit, seedLevels, withdrawRequest } from './money';
import { type LocalChain, localChain } from './local-chain';
import { testServer } from './harness';

const DAY = 86_400_000;
const wld = (text: string) => parseEther(text);
let s: Awaited<ReturnType<typeof testServer>>;
let net: LocalChain;

beforeAll(async () => {
  [s, net] = await Promise.all([testServer(), localChain({ slotsInAnEpoch: 1 })]);
});
afterAll(async () => {
  await s?.close();
  await net?.stop();
});

/*
 * The seeded ledger. Line: R (root, no stake) ← A ← B ← C ← D (each invited by the one before). Default rules:
 * generations 10 %, 5 %, 3 %; nobody reaches a community level (3 directs needed), so no bonus. B holds no stake,
 * so B is not valid and earns nothing; R neither.
 *
 *   t0       deposits: A 300, B 50, C 200, D 600 (1,150 credited; 11 days before the figures: outside the 7-day window)
 *   t1=t0+8d stakes: A 100 for 10 days at 1 %/day (1/day) · C 100 for 30 days at 0.5 % (0.5/day) · D 500 for 10 days at 2 % (10/day)
 *            withdrawals: B 20 under review (held) · D 40 approved, unpaid · C 30 approved and paid at t1
 *   t2=t1+3d the daily job pays days 0–2 of each stake; the figures are read at t2
 *
 * Rewards per dividend day (generation: member, percent):
 *   A's 1:    g1 R (not valid)                              → 0
 *   C's 0.5:  g1 B (not valid), g2 A 5 % = 0.025, g3 R (0)  → 0.025
 *   D's 10:   g1 C 10 % = 1 (direct), g2 B (0), g3 A 3 % = 0.3 → 1.3
 *
 * Paid by t2 (3 days): A 3 + 3 × (0.025 + 0.3) = 3.975 · C 1.5 + 3 × 1 = 4.5 · D 30
 * Balances: A 300 − 100 + 3.975 = 203.975 · B 50 − 20 = 30 · C 200 − 100 − 30 + 4.5 = 74.5 · D 600 − 500 − 40 + 30 = 90
 *                                                                         sum 398.475
 * Principal of the open stakes: 100 + 100 + 500                            = 700
 * Dividends still owed: A 7 × 1 + C 27 × 0.5 + D 7 × 10 = 7 + 13.5 + 70    = 90.5
 * Rewards still owed:   C's 27 × 0.025 + D's 7 × 1.3 = 0.675 + 9.1         = 9.775
 * Withdrawals held 20, approved unpaid 40                                  = 60
 * Total owed                                                               = 1,258.75
 * Auto-renewal, the next term: dividends A 10 × 1 + C 30 × 0.5 + D 10 × 10 = 125; rewards C 30 × 0.025 + D 10 × 1.3 = 13.75
 * Outflow over the 7 days before t2: paid out 30 − recharged 0 = 30 (the deposits were 11 days before)
 * Vault: 1,007 WLD recharged on chain → coverage 1,007 / 1,258.75 = 80.00 %; runway 1,007 × 7 / 30 = 234.96… → 234.9 days
 */
describe('reserves', () => {
  it('counts what is owed, the coverage and the runway as worked out by hand, the Vault at its finalized block', async () => {
    const lv = await seedLevels(s.db);
    const r = await s.root();
    const a = await s.user(r);
    const b = await s.user(a);
    const c = await s.user(b);
    const d = await s.user(c);
    const id = async (acct: { address: `0x${string}` }) => (await findUser(s.db, acct.address))!;
    for (const [who, amount] of [
      [a, '300'],
      [b, '50'],
      [c, '200'],
      [d, '600'],
    ] as const)
      await deposit(s.db, s.clock, who.address, amount);
    s.clock.advance(8 * DAY);
    const deps = { db: s.db, clock: s.clock };
    await stake(deps, await id(a), { levelId: Number(lv.small), periodId: Number(lv.smallTen) });
    await stake(deps, await id(c), { levelId: Number(lv.small), periodId: Number(lv.smallThirty) });
    await stake(deps, await id(d), { levelId: Number(lv.big), periodId: Number(lv.bigTen) });
    await withdrawRequest(s.db, b.address, '20', s.clock);
    await runOp(s.db, 'withdrawal.approve', [String(await withdrawRequest(s.db, d.address, '40', s.clock))], s.clock);
    const paid = await withdrawRequest(s.db, c.address, '30', s.clock);
    await runOp(s.db, 'withdrawal.approve', [String(paid)], s.clock);
    await s.db
      .update(withdrawals)
      .set({ paidAt: s.clock.now(), payoutTxHash: `0x${'ab'.repeat(32)}` })
      .where(eq(withdrawals.id, paid));
    s.clock.advance(3 * DAY);
    expect(await runStakingJobs(s.db, s.clock)).toMatchObject({ ran: true, dividends: 9 });

    await net.vault(anvilAccount(3), { functionName: 'recharge', args: [wld('1007')] });
    const chain = { client: net.client(), vault: LOCAL_VAULT };
    // the recharge's block is the head: not final yet, so the Vault counts as holding nothing of it
    const early = await reserves(s.db, s.clock, chain);
    expect(early.vault?.wld).toBe(0n);
    await net.mineTo((await net.client().getBlockNumber({ cacheTime: 0 })) + 2n);

    const figures = await reserves(s.db, s.clock, chain);
    expect(figures.owed).toEqual({
      balances: wld('398.475'),
      principal: wld('700'),
      dividends: wld('90.5'),
      rewards: wld('9.775'),
      withdrawalsHeld: wld('20'),
      withdrawalsApproved: wld('40'),
      total: wld('1258.75'),
    });
    expect(figures.renewal).toEqual({ dividends: wld('125'), rewards: wld('13.75') });
    expect(figures.outflow).toEqual({ days: 7, payouts: wld('30'), recharges: 0n, net: wld('30') });
    expect(figures.vault?.wld).toBe(wld('1007'));
    expect(reservesText(figures)).toMatchObject({ coveragePercent: '80.00', runwayDays: '234.9', threshold: null, below: false });

    // the threshold: set by the CLI (validated, on the audit log), red below it
    await expect(runOp(s.db, 'reserves.threshold', ['12.345'], s.clock)).rejects.toThrow(/a percent such as 120/);
    await runOp(s.db, 'reserves.threshold', ['80.01'], s.clock);
    expect(await reserves(s.db, s.clock, chain)).toMatchObject({ threshold: '80.01', below: true });
    await runOp(s.db, 'reserves.threshold', ['80'], s.clock);
    expect(await reserves(s.db, s.clock, chain)).toMatchObject({ threshold: '80', below: false });
    await runOp(s.db, 'reserves.threshold', ['off'], s.clock);
    expect(await reserves(s.db, s.clock, chain)).toMatchObject({ threshold: null, below: false });

    // a week on, with no payout and a recharge credited: no outflow, so no runway
    s.clock.advance(7 * DAY);
    await deposit(s.db, s.clock, a.address, '1');
    expect(reservesText(await reserves(s.db, s.clock, chain))).toMatchObject({ runwayDays: null });
  });

  it("forecasts each dividend's rewards as the daily job pays them, bonus differentials included", async () => {
    // every dividend row the job paid, recomputed from its rates: the job's SQL and rewards/line.ts agree
    const rows = await s.db.select().from(dividends);
    expect(rows.length).toBeGreaterThan(0);
    const cases: [bigint, Line, RuleValues][] = [];
    const rules = (over: Partial<RuleValues>) => ({ ...Object.fromEntries(Object.entries(RULE_DEFAULTS).map(([k, [, v]]) => [k, v])), ...over }) as RuleValues;
    for (const row of rows) {
      const member = (id: number | null, rate: string | null, bonus: string | null) =>
        id === null ? null : { lv: 0, valid: Number(rate ?? 0) > 0 || Number(bonus ?? 0) > 0 };
      const line: Line = [member(row.g1Id, row.g1Rate, row.g1Bonus), member(row.g2Id, row.g2Rate, row.g2Bonus), member(row.g3Id, row.g3Rate, row.g3Bonus)];
      expect(rewardsOnDividend(row.amount, line, rules({}))).toEqual({ g1Direct: row.g1Direct, g1Team: row.g1Team, g2Team: row.g2Team, g3Team: row.g3Team });
    }
    // the differential: generation 1 at level 10 (1 %), generation 2 at 30 (3 %: earns 2 % over it), generation 3 at 20 (nothing over 3 %)
    cases.push([
      wld('10'),
      [
        { lv: 10, valid: true },
        { lv: 30, valid: true },
        { lv: 20, valid: true },
      ],
      rules({}),
    ]);
    expect(rewardsOnDividend(...cases[0]!)).toEqual({ g1Direct: wld('1'), g1Team: wld('0.1'), g2Team: wld('0.7'), g3Team: wld('0.3') });
    // a member without a stake earns nothing and sets no bonus for those above; rounding is down to a base unit
    expect(rewardsOnDividend(7n, [{ lv: 40, valid: false }, { lv: 20, valid: true }, null], rules({}))).toEqual({
      g1Direct: 0n,
      g1Team: 0n,
      g2Team: 0n,
      g3Team: 0n,
    });
    expect(rewardsOnDividend(70n, [{ lv: 40, valid: false }, { lv: 20, valid: true }, null], rules({}))).toEqual({
      g1Direct: 0n,
      g1Team: 0n,
      g2Team: 4n,
      g3Team: 0n,
    });
  });
});
