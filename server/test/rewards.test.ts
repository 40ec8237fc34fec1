import { sql } from 'drizzle-orm';
import { parseEther } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOp } from '../admin/ops';
import { rowsOf } from '../db/client';
import { ledgerMismatches } from '../ledger/ledger';
import { runStakingJobs } from '../staking/daily';
import { DAY_MS } from '../clock';
import { testServer } from './harness';
import { deposit, seedLevels } from './money';

/**
 * The hand-computed tree of docs/rewards.md. Every stake is 100 WLD at 1 % a day (1 WLD dividend).
 *
 *   root (no stake) ── A ── B ── C ── D
 *                       └── E (no stake: invalid) ── F
 *
 * Thresholds for the test: every level needs 1 valid direct; team stake 0 / 200 / 300 / 100,000 WLD. So
 * C (team: D = 100) is lv 10 (1 %), B (C, D = 200) lv 20 (2 %), A (B, C, D, F = 400) lv 30 (3 %).
 */
let s: Awaited<ReturnType<typeof testServer>>;
type Account = Awaited<ReturnType<typeof s.user>>;
let a: Account, b: Account, c: Account, d: Account, e: Account, f: Account;
const wld = (n: string) => parseEther(n).toString();

beforeAll(async () => {
  s = await testServer({ sessionTtlSeconds: 365 * 86400 });
  const lv = await seedLevels(s.db);
  const root = await s.root();
  a = await s.user(root);
  b = await s.user(a);
  c = await s.user(b);
  d = await s.user(c);
  e = await s.user(a);
  f = await s.user(e);
  for (const member of [a, b, c, d, f]) {
    await deposit(s.db, s.clock, member.address, '100');
    const staked = await s.act('investapi/investSave', member, { order_id: lv.small, day_id: lv.smallTen });
    if (staked.status !== 1) throw new Error(staked.info);
  }
  for (const r of [10, 20, 30, 40]) await runOp(s.db, 'rule.set', [`rank.${r}.directs`, '1'], s.clock);
  for (const [r, v] of [
    [20, '200'],
    [30, '300'],
    [40, '100000'],
  ] as const)
    await runOp(s.db, 'rule.set', [`rank.${r}.team_stake`, v], s.clock);
  s.clock.advance(DAY_MS);
  await runStakingJobs(s.db, s.clock);
});
afterAll(() => s.close());

const data = async (path: string, who: Account, payload: Record<string, string> = {}) => {
  const reply = await s.call(path, who, payload);
  if (reply.status !== 1) throw new Error(`${path}: ${reply.info}`);
  return reply.data as Record<string, unknown>;
};
const rewards = async (who: Account, type: 'direct' | 'team') =>
  (await data('rewardapi/getRewardList', who, { type, page: '1', limit: '20' })).list as Record<string, string>[];

describe('referral rewards on a three-generation tree', () => {
  it('computes the ranks: star, community level (valid members only) and V level', async () => {
    const info = async (who: Account) => {
      const i = await data('userapi/getUserInfo', who);
      return [i.lv, i.star, i.v_lv];
    };
    expect(await info(a)).toEqual(['30', '1', '1']);
    expect(await info(b)).toEqual(['20', '1', '1']);
    expect(await info(c)).toEqual(['10', '1', '1']);
    expect(await info(d)).toEqual(['0', '0', '1']);
    expect(await info(e)).toEqual(['0', '1', '0']); // a valid direct (F), but no stake of its own: no level
  });

  it('pays direct, generation and differential level rewards; an invalid member earns nothing', async () => {
    const summary = async (who: Account) => data('rewardapi/getRewardSummary', who);
    // C: 10 % of D's dividend (direct) and its own 1 % level bonus (team).
    expect(await summary(c)).toMatchObject({ direct_total: wld('0.1'), team_total: wld('0.01'), today: wld('0.11'), yesterday: '0' });
    // B: 10 % of C; team: D (5 % + 2 % − C's 1 %) = 0.06, C's dividend at its own 2 % = 0.02.
    expect(await summary(b)).toMatchObject({ direct_total: wld('0.1'), team_total: wld('0.08') });
    // A: 10 % of B; team: B bonus 3 % = 0.03, C (5 % + 3 % − 2 %) = 0.06, D (3 % + 3 % − 2 %) = 0.04,
    // F under invalid E (5 % + 3 % − 0) = 0.08.
    expect(await summary(a)).toMatchObject({ direct_total: wld('0.1'), team_total: wld('0.21'), today: wld('0.31') });
    expect(await summary(e)).toMatchObject({ direct_total: '0', team_total: '0' });
    expect(await summary(d)).toMatchObject({ direct_total: '0', team_total: '0' });
  });

  it('lists each reward with its source, generation and formula', async () => {
    const [direct] = await rewards(a, 'direct');
    expect(direct).toMatchObject({ kind: 'direct', generation: '1', amount: wld('0.1'), formula: '100.00 × 1% × 10% = 0.10' });
    expect(direct?.source).toBe(`${b.address.slice(0, 10)}......${b.address.slice(-10)}`);
    const team = await rewards(a, 'team');
    expect(team.map((r) => [r.generation, r.formula]).sort()).toEqual([
      ['1', '100.00 × 1% × 3% = 0.03'],
      ['2', '100.00 × 1% × (5% + 1%) = 0.06'],
      ['2', '100.00 × 1% × (5% + 3%) = 0.08'],
      ['3', '100.00 × 1% × (3% + 1%) = 0.04'],
    ]);
    expect(await rewards(e, 'team')).toEqual([]);
  });

  it('keeps every balance equal to its entries, and a rerun pays nothing twice', async () => {
    const before = await data('rewardapi/getRewardSummary', a);
    const again = await runStakingJobs(s.db, s.clock);
    expect(again).toMatchObject({ dividends: 0, rewards: 0, ranks: null });
    expect(await data('rewardapi/getRewardSummary', a)).toEqual(before);
    expect(await data('userapi/getBalance', c)).toEqual({ balance: wld('1.11') });
    expect(await ledgerMismatches(s.db)).toEqual([]);
  });

  it('applies a rate changed mid-day from the next day, and records the change with its time', async () => {
    s.clock.advance(DAY_MS / 2); // Jan 2, 12:00
    const change = (await runOp(s.db, 'rule.set', ['reward.generation.1', '20'], s.clock)) as { changedAt: Date; effectiveAt: Date };
    expect(change.changedAt.toISOString()).toBe('2026-01-02T12:00:00.000Z');
    expect(change.effectiveAt.toISOString()).toBe('2026-01-03T00:00:00.000Z');
    expect((await runStakingJobs(s.db, s.clock)).rewards).toBe(0);
    s.clock.advance(DAY_MS / 2); // Jan 3: day 1's dividends fall due at 00:00, under the new rate
    await runStakingJobs(s.db, s.clock);
    const [latest] = await rewards(c, 'direct');
    expect(latest).toMatchObject({ amount: wld('0.2'), formula: '100.00 × 1% × 20% = 0.20' });
    expect((await data('rewardapi/getRewardSummary', c)).yesterday).toBe(wld('0.11'));
  });

  it('pages through every reward the dividends hold for a member, newest first, whatever the page size', async () => {
    // The reference: the dividends rows in which the member earned, by beneficiary column (the list reads them
    // through the member's team and its stakes instead).
    const expected = async (who: Account, kind: 'direct' | 'team') => {
      const [me] = await rowsOf<{ id: number }>(s.db, sql`select id from users where lower(address) = ${who.address.toLowerCase()}`);
      const gens = kind === 'direct' ? [1] : [1, 2, 3];
      const found = await rowsOf<{ id: string }>(
        s.db,
        sql`
        select id from (${sql.join(
          gens.map(
            (g) => sql`
          select stake_id || '.' || day || '.' || ${g}::int || '.' || ${kind}::text as id, paid_at, stake_id, day, ${g}::int as generation
          from dividends where ${sql.raw(`g${g}_id`)} = ${me!.id} and ${sql.raw(kind === 'direct' ? 'g1_direct' : `g${g}_team`)} > 0`,
          ),
          sql` union all `,
        )}) x
        order by paid_at desc, stake_id desc, day desc, generation`,
      );
      return found.map((r) => r.id);
    };
    const listed = async (who: Account, kind: 'direct' | 'team', limit: number) => {
      const ids: string[] = [];
      for (let page = 1; ; page++) {
        const reply = await data('rewardapi/getRewardList', who, { type: kind, page: String(page), limit: String(limit) });
        ids.push(...(reply.list as { id: string }[]).map((r) => r.id));
        if (!reply.has_more) return ids;
      }
    };
    for (const who of [a, b, c]) {
      for (const kind of ['direct', 'team'] as const) {
        const want = await expected(who, kind);
        expect(want.length).toBeGreaterThan(1); // two days paid by now
        for (const limit of [1, 2, 5, 20]) expect(await listed(who, kind, limit)).toEqual(want);
      }
    }
  });

  it('refuses unknown rules, malformed values and thresholds that decrease by level', async () => {
    await expect(runOp(s.db, 'rule.set', ['reward.generation.4', '1'], s.clock)).rejects.toThrow(/unknown rule/);
    await expect(runOp(s.db, 'rule.set', ['rank.20.bonus', '101'], s.clock)).rejects.toThrow(/percent/);
    await expect(runOp(s.db, 'rule.set', ['rank.20.bonus', '0.5'], s.clock)).rejects.toThrow(/must not decrease/);
    const history = (await runOp(s.db, 'rules.history', [], s.clock)) as unknown[];
    expect(history).toHaveLength(8);
  });
});

describe('team statistics', () => {
  it('counts the team per generation, valid members and stake', async () => {
    expect(await data('teamapi/getTeamSummary', a)).toEqual({
      direct_count: '2',
      valid_direct_count: '1',
      team_count: '5',
      valid_team_count: '4',
      generations: [
        { generation: '1', count: '2', valid_count: '1' },
        { generation: '2', count: '2', valid_count: '2' },
        { generation: '3', count: '1', valid_count: '1' },
      ],
      today_new_count: '0',
      today_stake_total: '0',
      team_stake_total: wld('400'),
    });
  });

  it('lists one generation, newest first, with level labels and masked addresses', async () => {
    const page = await data('teamapi/getTeamList', a, { generation: '1', page: '1', limit: '1' });
    expect(page.has_more).toBe(true);
    expect(page.list).toEqual([{ level: 'invalid', address: `${e.address.slice(0, 10)}......${e.address.slice(-10)}`, join_time: '1767225600', stake: '0' }]);
    const next = await data('teamapi/getTeamList', a, { generation: '1', page: '2', limit: '1' });
    expect(next.list).toMatchObject([{ level: 'builder', stake: wld('100') }]);
    expect(next.has_more).toBe(false);
  });

  it("counts today's new members and stakes (UTC day of the server clock)", async () => {
    const g = await s.user(a);
    await deposit(s.db, s.clock, g.address, '100');
    const levels = (await data('investapi/invest', g)).list as { id: string; infos: { id: string }[] }[];
    expect((await s.act('investapi/investSave', g, { order_id: levels[0]!.id, day_id: levels[0]!.infos[0]!.id })).status).toBe(1);
    expect(await data('teamapi/getTeamSummary', a)).toMatchObject({
      direct_count: '3',
      valid_direct_count: '2',
      team_count: '6',
      today_new_count: '1',
      today_stake_total: wld('100'),
      team_stake_total: wld('500'),
    });
  });

  it('refuses a generation outside 1–3', async () => {
    expect((await s.call('teamapi/getTeamList', a, { generation: '4', page: '1', limit: '10' })).info).toBe('Invalid field: generation');
  });
});
