import { eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { parseEther } from 'viem';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balances, dividends, transfers, withdrawals } from '../ledger/tables';
import { paidDaysOf, stakes } from '../staking/tables';
import { termsByStake } from '../staking/terms';
import { runStakingJobs } from '../staking/daily';
import { balanceOf, ledgerMismatches } from '../ledger/ledger';
import { DAY_MS } from '../clock';
import { completedDays, inRedeemWindow, isOpen, totalDividend } from '../staking/math';
import { runOp } from '../admin/ops';
import { heldMismatches } from '../ledger/checks';
import { newAccount, testServer } from './harness';
import { deposit, seedLevels, transferRequest, userId, withdrawRequest } from './money';

const stranger = newAccount();

let s: Awaited<ReturnType<typeof testServer>>;
let lv: Awaited<ReturnType<typeof seedLevels>>;
beforeAll(async () => {
  s = await testServer({ sessionTtlSeconds: 100 * 365 * 86400 });
  lv = await seedLevels(s.db);
});
afterAll(() => s.close());

const op = fc.oneof(
  // Up to 1200 WLD so that an upgrade (400 WLD more) after a stake can happen.
  { arbitrary: fc.record({ kind: fc.constant('deposit' as const), user: fc.nat(2), wld: fc.integer({ min: 1, max: 1200 }) }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant('stake' as const), user: fc.nat(2), big: fc.boolean() }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('upgrade' as const), user: fc.nat(2), pick: fc.nat(5) }), weight: 2 },
  fc.record({ kind: fc.constant('days' as const), days: fc.integer({ min: 0, max: 12 }), hours: fc.nat(23) }),
  // `wait`: first to the stake's expiry plus some hours (the 24-hour redemption window is narrow for random day counts).
  fc.record({ kind: fc.constant('redeem' as const), user: fc.nat(2), pick: fc.nat(5), wait: fc.option(fc.nat(30)), confirmTwice: fc.boolean() }),
  fc.record({
    kind: fc.constant('withdraw' as const),
    user: fc.nat(2),
    wld: fc.integer({ min: 1, max: 700 }),
    audit: fc.constantFrom('approve', 'reject', 'none'),
  }),
  // Receiver 3 is a stranger (not a member); the same index as the sender is a self-transfer.
  fc.record({ kind: fc.constant('transfer' as const), from: fc.nat(2), to: fc.nat(3), wld: fc.integer({ min: 1, max: 700 }) }),
);

async function invariants() {
  expect(await ledgerMismatches(s.db)).toEqual([]);
  const negative = await s.db
    .select()
    .from(balances)
    .where(sql`${balances.amount} < 0`);
  expect(negative).toEqual([]);
  const overpaid = await s.db.execute(sql`
    select s.id from stakes s left join (select stake_id, sum(amount) as paid, count(*) as n from dividends group by stake_id) d on d.stake_id = s.id
    where coalesce(d.n, 0) > s.days`);
  expect((overpaid as unknown as { rows: unknown[] }).rows).toEqual([]);
  const twice = await s.db.execute(sql`select stake_id from ledger_entries where type = 'redemption' group by stake_id having count(*) > 1`);
  expect((twice as unknown as { rows: unknown[] }).rows).toEqual([]);
  expect(await heldMismatches(s.db)).toEqual([]);
}

/**
 * Every stake's dividends, as paid in the ledger, against the app's bigint formula over its terms (lib/dividend.ts),
 * and every completed day paid: amounts, not row counts.
 */
async function dividendsMatchTheFormula(userIds: number[]) {
  const now = s.clock.now();
  for (const stake of await s.db
    .select({ ...getTableColumns(stakes), paidDays: paidDaysOf })
    .from(stakes)
    .where(inArray(stakes.userId, userIds))) {
    const terms = (await termsByStake(s.db, [stake])).get(stake.id)!;
    const [paid] = await s.db
      .select({ total: sql<string>`coalesce(sum(${dividends.amount}), 0)::text` })
      .from(dividends)
      .where(eq(dividends.stakeId, stake.id));
    expect({ stake: stake.id, paid: BigInt(paid!.total) }).toEqual({ stake: stake.id, paid: totalDividend(terms, stake.paidDays) });
    expect({ stake: stake.id, paidDays: stake.paidDays }).toEqual({ stake: stake.id, paidDays: completedDays(stake.startedAt, stake.days, now) });
  }
}

const levelAmount = (big: boolean) => parseEther(big ? '500' : '100');

describe('ledger properties over random histories', () => {
  it('every generated action does what its reply says, with the amounts the rules give; the ledger invariants hold after each', async () => {
    const done = { deposits: 0, stakes: 0, upgrades: 0, redemptions: 0, withdrawals: 0, transfers: 0, refused: 0, jobs: 0 };
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 14 }), async (history) => {
        const people = [await s.user(), await s.user(), await s.user()];
        const ids = await Promise.all(people.map((p) => userId(s.db, p.address)));
        const balance = (i: number) => balanceOf(s.db, ids[i]!);
        // Each starts with 600 WLD, so that short histories can stake, upgrade and redeem as well as be refused.
        for (const p of people) await deposit(s.db, s.clock, p.address, '600');
        const stakeOf = async (i: number, pick: number) => {
          const rows = await s.db.select().from(stakes).where(eq(stakes.userId, ids[i]!)).orderBy(stakes.id);
          return rows.length ? rows[pick % rows.length]! : undefined;
        };
        for (const step of history) {
          if (step.kind === 'deposit') {
            const before = await balance(step.user);
            await deposit(s.db, s.clock, people[step.user]!.address, String(step.wld));
            expect(await balance(step.user)).toBe(before + parseEther(String(step.wld)));
            done.deposits += 1;
          }
          if (step.kind === 'stake') {
            const before = await balance(step.user);
            const amount = levelAmount(step.big);
            const reply = await s.act('investapi/investSave', people[step.user]!, {
              order_id: step.big ? lv.big : lv.small,
              day_id: step.big ? lv.bigTen : lv.smallTen,
            });
            if (before >= amount) {
              expect(reply).toMatchObject({ status: 1 });
              const [row] = await s.db
                .select()
                .from(stakes)
                .where(eq(stakes.id, Number((reply.data as { pledge_id: string }).pledge_id)));
              expect(row).toMatchObject({ userId: ids[step.user], amount, status: 'active' });
              expect(await balance(step.user)).toBe(before - amount);
              done.stakes += 1;
            } else {
              expect(reply.status).not.toBe(1);
              expect(await balance(step.user)).toBe(before);
              done.refused += 1;
            }
          }
          if (step.kind === 'upgrade') {
            const stake = await stakeOf(step.user, step.pick);
            if (stake) {
              const before = await balance(step.user);
              const difference = levelAmount(true) - stake.amount;
              const reply = await s.act('investapi/investUpgrade', people[step.user]!, { pledge_id: String(stake.id), order_id: lv.big });
              const allowed = stake.status === 'active' && s.clock.now() < stake.endsAt && difference > 0n && before >= difference;
              if (allowed) {
                expect(reply).toMatchObject({ status: 1, data: { pledge_id: String(stake.id), paid: difference.toString() } });
                expect(await balance(step.user)).toBe(before - difference);
                done.upgrades += 1;
              } else {
                expect(reply.status).not.toBe(1);
                expect(await balance(step.user)).toBe(before);
                done.refused += 1;
              }
            }
          }
          if (step.kind === 'days') {
            s.clock.advance(step.days * DAY_MS + step.hours * 3600_000);
            expect(await runStakingJobs(s.db, s.clock)).toMatchObject({ ran: true });
            await dividendsMatchTheFormula(ids);
            done.jobs += 1;
          }
          if (step.kind === 'redeem') {
            let stake = await stakeOf(step.user, step.pick);
            if (stake && step.wait !== null && stake.endsAt > s.clock.now()) {
              s.clock.set(new Date(stake.endsAt.getTime() + step.wait * 3600_000));
              expect(await runStakingJobs(s.db, s.clock)).toMatchObject({ ran: true });
              await dividendsMatchTheFormula(ids);
              done.jobs += 1;
              stake = await stakeOf(step.user, step.pick);
            }
            if (stake) {
              const before = await balance(step.user);
              const pledge_id = String(stake.id);
              const open = isOpen(stake.status) && inRedeemWindow(stake.endsAt, s.clock.now());
              const applied = await s.act('investapi/applyRedeem', people[step.user]!, { pledge_id });
              const confirmed = await s.act('investapi/confirmRedeem', people[step.user]!, { pledge_id });
              if (open) {
                expect(applied).toMatchObject({ status: 1 });
                expect(confirmed).toMatchObject({ status: 1, data: { amount: stake.amount.toString() } });
                expect(await balance(step.user)).toBe(before + stake.amount);
                done.redemptions += 1;
              } else {
                expect([applied.status, confirmed.status]).not.toContain(1);
                expect(await balance(step.user)).toBe(before);
                done.refused += 1;
              }
              if (step.confirmTwice) {
                const after = await balance(step.user);
                expect((await s.act('investapi/confirmRedeem', people[step.user]!, { pledge_id })).status).not.toBe(1);
                expect(await balance(step.user)).toBe(after);
              }
            }
          }
          if (step.kind === 'withdraw') {
            const before = await balance(step.user);
            const amount = parseEther(String(step.wld));
            const id = await withdrawRequest(s.db, people[step.user]!.address, String(step.wld));
            const [row] = await s.db.select().from(withdrawals).where(eq(withdrawals.id, id));
            if (before >= amount) {
              expect(row).toMatchObject({ status: 'under-review', amount });
              expect(await balance(step.user)).toBe(before - amount);
              if (step.audit === 'approve') expect(await runOp(s.db, 'withdrawal.approve', [String(id)])).toMatchObject({ status: 'audit-successful' });
              if (step.audit === 'reject') {
                expect(await runOp(s.db, 'withdrawal.reject', [String(id), 'test'])).toMatchObject({ status: 'audit-failed' });
                expect(await balance(step.user)).toBe(before);
              }
              done.withdrawals += 1;
            } else {
              expect(row).toMatchObject({ status: 'failed-insufficient' });
              expect(await balance(step.user)).toBe(before);
              if (step.audit !== 'none')
                await expect(runOp(s.db, `withdrawal.${step.audit}`, step.audit === 'reject' ? [String(id), 'test'] : [String(id)])).rejects.toThrow();
              done.refused += 1;
            }
          }
          if (step.kind === 'transfer') {
            const receiver = people[step.to];
            const before = [await balance(step.from), receiver ? await balance(step.to) : 0n];
            const amount = parseEther(String(step.wld));
            await transferRequest(s.db, people[step.from]!.address, (receiver ?? stranger).address, String(step.wld));
            const [row] = await s.db
              .select()
              .from(transfers)
              .orderBy(sql`${transfers.id} desc`)
              .limit(1);
            const moves = receiver !== undefined && step.to !== step.from && before[0]! >= amount;
            expect(row).toMatchObject({ status: moves ? 'done' : 'failed', amount });
            expect([await balance(step.from), receiver ? await balance(step.to) : 0n]).toEqual(moves ? [before[0]! - amount, before[1]! + amount] : before);
            if (moves) done.transfers += 1;
            else done.refused += 1;
          }
          await invariants();
        }
      }),
      {
        numRuns: 40,
        // One history where every kind succeeds, so the count check below never depends on what the random runs drew.
        examples: [
          [
            [
              { kind: 'deposit', user: 0, wld: 100 },
              { kind: 'stake', user: 0, big: false },
              { kind: 'upgrade', user: 0, pick: 0 },
              { kind: 'days', days: 1, hours: 1 },
              { kind: 'redeem', user: 0, pick: 0, wait: 1, confirmTwice: true },
              { kind: 'withdraw', user: 1, wld: 10, audit: 'approve' },
              { kind: 'transfer', from: 1, to: 2, wld: 10 },
            ],
          ],
        ],
      },
    );
    // The histories did more than get refused: each kind of action succeeded at least once.
    for (const kind of ['deposits', 'stakes', 'upgrades', 'redemptions', 'withdrawals', 'transfers', 'jobs'] as const)
      expect({ kind, n: done[kind] }).not.toEqual({ kind, n: 0 });
  }, 180_000);
});
