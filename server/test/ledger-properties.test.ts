import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balances, ledgerEntries, stakes } from '../db/schema';
import { runStakingJobs } from '../staking/daily';
import { ledgerMismatches } from '../ledger/ledger';
import { DAY_MS } from '../staking/math';
import { runOp } from '../admin/ops';
import { heldMismatches } from '../ledger/checks';
import { newAccount, testServer } from './harness';
import { deposit, seedLevels, transferRequest, withdrawRequest } from './money';

const stranger = newAccount();

let s: Awaited<ReturnType<typeof testServer>>;
let lv: Awaited<ReturnType<typeof seedLevels>>;
beforeAll(async () => {
  s = await testServer({ sessionTtlSeconds: 100 * 365 * 86400 });
  lv = await seedLevels(s.db);
});
afterAll(() => s.close());

const op = fc.oneof(
  fc.record({ kind: fc.constant('deposit' as const), user: fc.nat(2), wld: fc.integer({ min: 1, max: 700 }) }),
  fc.record({ kind: fc.constant('stake' as const), user: fc.nat(2), big: fc.boolean() }),
  fc.record({ kind: fc.constant('upgrade' as const), user: fc.nat(2), pick: fc.nat(5) }),
  fc.record({ kind: fc.constant('days' as const), days: fc.integer({ min: 0, max: 12 }), hours: fc.nat(23) }),
  fc.record({ kind: fc.constant('redeem' as const), user: fc.nat(2), pick: fc.nat(5), confirmTwice: fc.boolean() }),
  fc.record({ kind: fc.constant('withdraw' as const), user: fc.nat(2), wld: fc.integer({ min: 1, max: 700 }), audit: fc.constantFrom('approve', 'reject', 'none') }),
  // Receiver 3 is a stranger (not a member); the same index as the sender is a self-transfer.
  fc.record({ kind: fc.constant('transfer' as const), from: fc.nat(2), to: fc.nat(3), wld: fc.integer({ min: 1, max: 700 }) }),
);

async function invariants() {
  expect(await ledgerMismatches(s.db)).toEqual([]);
  const negative = await s.db.select().from(balances).where(sql`${balances.amount} < 0`);
  expect(negative).toEqual([]);
  const overpaid = await s.db.execute(sql`
    select s.id from stakes s left join (select stake_id, sum(amount) as paid, count(*) as n from dividends group by stake_id) d on d.stake_id = s.id
    where coalesce(d.n, 0) > s.days`);
  expect((overpaid as unknown as { rows: unknown[] }).rows).toEqual([]);
  const twice = await s.db.execute(sql`select stake_id from ledger_entries where type = 'redemption' group by stake_id having count(*) > 1`);
  expect((twice as unknown as { rows: unknown[] }).rows).toEqual([]);
  expect(await heldMismatches(s.db)).toEqual([]);
}

describe('ledger properties over random histories', () => {
  it('no negative balance, balance = sum of entries, paid ≤ total, principal returned at most once, holds match withdrawals', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 14 }), async (history) => {
        const people = [await s.user(), await s.user(), await s.user()];
        const stakeIds = async (i: number) => {
          const userIdRow = await s.db.execute(sql`select id from users where address = ${people[i]!.address}`);
          const uid = (userIdRow as unknown as { rows: { id: number }[] }).rows[0]!.id;
          return (await s.db.select({ id: stakes.id }).from(stakes).where(eq(stakes.userId, uid))).map((r) => String(r.id));
        };
        for (const step of history) {
          if (step.kind === 'deposit') await deposit(s.db, s.clock, people[step.user]!.address, String(step.wld));
          if (step.kind === 'stake') {
            const who = people[step.user]!;
            await s.act('investapi/investSave', who, { order_id: step.big ? lv.big : lv.small, day_id: step.big ? lv.bigTen : lv.smallTen });
          }
          if (step.kind === 'upgrade') {
            const ids = await stakeIds(step.user);
            if (ids.length) await s.act('investapi/investUpgrade', people[step.user]!, { pledge_id: ids[step.pick % ids.length]!, order_id: lv.big });
          }
          if (step.kind === 'days') {
            s.clock.advance(step.days * DAY_MS + step.hours * 3600_000);
            await runStakingJobs(s.db, s.clock);
          }
          if (step.kind === 'redeem') {
            const ids = await stakeIds(step.user);
            if (ids.length) {
              const pledge_id = ids[step.pick % ids.length]!;
              await s.act('investapi/applyRedeem', people[step.user]!, { pledge_id });
              await s.act('investapi/confirmRedeem', people[step.user]!, { pledge_id });
              if (step.confirmTwice) await s.act('investapi/confirmRedeem', people[step.user]!, { pledge_id });
            }
          }
          if (step.kind === 'withdraw') {
            const id = await withdrawRequest(s.db, people[step.user]!.address, String(step.wld));
            if (step.audit !== 'none') await runOp(s.db, `withdrawal.${step.audit}`, step.audit === 'reject' ? [String(id), 'test'] : [String(id)]).catch(() => undefined);
          }
          if (step.kind === 'transfer') await transferRequest(s.db, people[step.from]!.address, (people[step.to] ?? stranger).address, String(step.wld));
          await invariants();
        }
      }),
      { numRuns: 40 },
    );
    expect((await s.db.select().from(ledgerEntries)).length).toBeGreaterThan(0);
  }, 120_000);
});
