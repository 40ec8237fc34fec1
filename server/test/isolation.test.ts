import { and, eq, or, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EndpointName, endpoints } from '../../lib/api/contract';
import * as inputs from '../../lib/api/inputs';
import { maskAddress } from '../../lib/address';
import { runOp } from '../admin/ops';
import { rowsOf } from '../db/client';
import { communityApplications } from '../community/tables';
import { deposits, transfers, withdrawals } from '../ledger/tables';
import { mails } from '../mail/tables';
import { stakes } from '../staking/tables';
import { ledgerCheck } from '../ledger/checks';
import { runStakingJobs } from '../staking/daily';
import { DAY_MS } from '../clock';
import { testServer } from './harness';
import { deposit, seedLevels, transferRequest, userId, withdrawRequest } from './money';

/**
 * Two members, each the head of a three-generation team with stakes, rewards, deposits, a withdrawal, a
 * transfer, mail both ways and a community application: every list of the contract shows each member their own
 * rows only, another member's ids are refused on every endpoint that takes one, and a member's own answers do
 * not move when another member acts. Runs on PGlite and PostgreSQL alike.
 */
let s: Awaited<ReturnType<typeof testServer>>;
let lv: Awaited<ReturnType<typeof seedLevels>>;
type Account = Awaited<ReturnType<typeof s.user>>;
type Team = { head: Account; line: Account[]; id: number; pledge: string; mail: number };
let A: Team;
let B: Team;

/** A member with three generations below: each stakes, so the head earns direct and team rewards. */
async function team(marker: string): Promise<Team> {
  const head = await s.user();
  const line: Account[] = [];
  for (let g = 0; g < 3; g++) line.push(await s.user(line.at(-1) ?? head));
  const pledges: string[] = [];
  for (const m of [head, ...line]) {
    await deposit(s.db, s.clock, m.address, '300');
    const staked = await s.act('investapi/investSave', m, { order_id: lv.small, day_id: lv.smallTen });
    if (staked.status !== 1) throw new Error(staked.info);
    pledges.push(String(staked.data.pledge_id));
  }
  await withdrawRequest(s.db, head.address, '10');
  await transferRequest(s.db, head.address, line[0]!.address, '5');
  await s.call('mailapi/sendMail', head, { title: `${marker} to the admin`, content: 'mine' });
  const sent = (await runOp(s.db, 'mail.send', [head.address, `${marker} from the admin`, 'yours'])) as { ids: number[] };
  return { head, line, id: await userId(s.db, head.address), pledge: pledges[0]!, mail: sent.ids[0]! };
}

beforeAll(async () => {
  s = await testServer({ sessionTtlSeconds: 10 * 365 * 86400, rateLimitFactor: 1000 });
  lv = await seedLevels(s.db);
  for (const r of [10, 20, 30, 40]) await runOp(s.db, 'rule.set', [`rank.${r}.directs`, '1'], s.clock);
  A = await team('A');
  B = await team('B');
  s.clock.advance(DAY_MS);
  await runStakingJobs(s.db, s.clock);
  for (const [t, hash] of [
    [A, 'a'],
    [B, 'b'],
  ] as const) {
    await s.db.insert(communityApplications).values({
      userId: t.id,
      receiver: t.line[0]!.address,
      amount: 1n,
      payFrom: t.head.address,
      payHash: `0x${hash.repeat(64)}`,
      communityToken: t.line[1]!.address,
      provinceCode: '11',
      cityCode: '1101',
      photoIds: ['1', '2', '3'],
    });
  }
});
afterAll(() => s.close());

type Row = Record<string, unknown>;
const list = async (who: Account, name: EndpointName, extra: Record<string, string>): Promise<Row[]> => {
  const reply = await s.call(endpoints[name].path, who, { page: '1', limit: '50', ...extra });
  expect({ name, extra, status: reply.status, info: reply.info }).toMatchObject({ status: 1 });
  return (reply.data as { list: Row[] }).list;
};
const ids = (rows: Row[], key = 'id') => rows.map((r) => String(r[key])).sort();
const ownIds = (rows: { id: number }[]) => rows.map((r) => String(r.id)).sort();
const masks = (t: Team) => t.line.map((m) => maskAddress(m.address));

/**
 * Every paged list of the contract: how to call each of its views, the key that names a row, and the rows the
 * member owns (from the tables) when the reply has their ids.
 */
const LISTS: Record<
  string,
  {
    views: Record<string, string>[];
    key: (r: Row) => string;
    own?: (t: Team, view: Record<string, string>) => Promise<string[]>;
    within?: (t: Team, r: Row) => boolean;
  }
> = {
  getRechargeList: {
    views: [{}],
    key: (r) => String(r.id),
    own: async (t) => ownIds(await s.db.select().from(deposits).where(eq(deposits.address, t.head.address))),
  },
  getWithdrawList: {
    views: [{}],
    key: (r) => String(r.id),
    own: async (t) => ownIds(await s.db.select().from(withdrawals).where(eq(withdrawals.userId, t.id))),
  },
  getTransferList: {
    views: [{}],
    key: (r) => String(r.id),
    own: async (t) =>
      ownIds(
        await s.db
          .select()
          .from(transfers)
          .where(or(eq(transfers.fromUserId, t.id), eq(transfers.toUserId, t.id))),
      ),
  },
  getInvestList: { views: [{}], key: (r) => String(r.pledge_id), own: async (t) => ownIds(await s.db.select().from(stakes).where(eq(stakes.userId, t.id))) },
  getMailList: {
    views: [{ type: 'inbox' }, { type: 'sent' }],
    key: (r) => String(r.id),
    own: async (t, v) =>
      ownIds(
        await s.db
          .select()
          .from(mails)
          .where(and(eq(mails.userId, t.id), eq(mails.fromAdmin, v.type === 'inbox'))),
      ),
  },
  // Rewards and team name their members masked: each row's source is one of the member's own generations.
  getRewardList: { views: [{ type: 'direct' }, { type: 'team' }], key: (r) => String(r.id), within: (t, r) => masks(t).includes(String(r.source)) },
  getTeamList: {
    views: [{ generation: '1' }, { generation: '2' }, { generation: '3' }],
    key: (r) => String(r.address),
    within: (t, r) => masks(t).includes(String(r.address)),
  },
};

const shape = (name: EndpointName) => (inputs[name] as unknown as { shape: Record<string, unknown> }).shape;
const members = (name: EndpointName) => endpoints[name].access !== 'public';

describe('members are isolated from one another', () => {
  it('every paged list of the contract shows each member only their own rows: both non-empty, no row in common, each exactly the rows the member owns', async () => {
    const paged = (Object.keys(endpoints) as EndpointName[]).filter((n) => members(n) && 'page' in shape(n));
    expect(paged.sort()).toEqual(Object.keys(LISTS).sort());
    for (const [name, spec] of Object.entries(LISTS) as [EndpointName, (typeof LISTS)[string]][]) {
      for (const view of spec.views) {
        const [a, b] = [await list(A.head, name, view), await list(B.head, name, view)];
        const [ka, kb] = [a.map(spec.key), b.map(spec.key)];
        expect({ name, view, a: ka.length > 0, b: kb.length > 0 }).toEqual({ name, view, a: true, b: true });
        expect({ name, view, shared: ka.filter((k) => kb.includes(k)) }).toEqual({ name, view, shared: [] });
        for (const [t, rows] of [
          [A, a],
          [B, b],
        ] as const) {
          if (spec.own)
            expect({ name, view, ids: ids(rows, name === 'getInvestList' ? 'pledge_id' : 'id') }).toEqual({ name, view, ids: await spec.own(t, view) });
          if (spec.within) expect({ name, view, outside: rows.filter((r) => !spec.within!(t, r)) }).toEqual({ name, view, outside: [] });
        }
      }
    }
  });

  it("another member's stake and mail ids are refused on every endpoint that takes one (getNonce included), and nothing changes", async () => {
    const A1 = A.line[0]!;
    const [inboxA] = await s.db
      .select()
      .from(mails)
      .where(and(eq(mails.userId, A.id), eq(mails.fromAdmin, true)));
    // A stake of A's whose period has ended: in its redemption window, every stake action is open to A.
    const [ended] = await s.db
      .update(stakes)
      .set({ startedAt: new Date(s.clock.now().getTime() - 10 * DAY_MS - 3600_000), endsAt: new Date(s.clock.now().getTime() - 3600_000), status: 'expired' })
      .where(eq(stakes.id, Number(A.pledge)))
      .returning();
    expect(ended).toBeDefined();
    const attempts: Record<string, Record<string, string>[]> = {
      closeExpire: [{ pledge_id: A.pledge }],
      investUpgrade: [{ pledge_id: A.pledge, order_id: lv.big }],
      applyRedeem: [{ pledge_id: A.pledge }],
      confirmRedeem: [{ pledge_id: A.pledge }],
      getMailDetail: [{ id: String(A.mail) }, { id: String(inboxA!.id) }],
      replyMail: [{ id: String(A.mail), title: 'Re', content: 'not mine' }],
      getNonce: [
        { purpose: 'investUpgrade', pledge_id: A.pledge, order_id: lv.big },
        { purpose: 'applyRedeem', pledge_id: A.pledge },
        { purpose: 'confirmRedeem', pledge_id: A.pledge },
      ],
    };
    // Every endpoint with an id of a member's own row; a notice is everyone's, and `apply`'s photo ids are
    // refused when another member's in community.test.ts (an application needs a chain to verify the payment).
    const withIds = (Object.keys(endpoints) as EndpointName[]).filter((n) => n !== 'getNoticeDetail' && ['id', 'pledge_id'].some((k) => k in shape(n)));
    expect(withIds.sort()).toEqual(Object.keys(attempts).sort());
    const state = async () =>
      JSON.stringify(
        await s.db.execute(sql`
      select (select json_agg(x order by x.id) from stakes x) as s, (select json_agg(x order by x.id) from ledger_entries x) as l,
             (select json_agg(x order by x.id) from mails x) as m, (select json_agg(x order by x.stake_id, x.from_day) from stake_terms x) as t`),
      );
    const before = await state();
    for (const [name, payloads] of Object.entries(attempts) as [EndpointName, Record<string, string>[]][]) {
      for (const payload of payloads) {
        const reply =
          name === 'getNonce' || endpoints[name].access !== 'signed'
            ? await s.call(endpoints[name].path, A1, payload)
            : await s.act(endpoints[name].path, A1, payload);
        expect({ name, payload, status: reply.status }).toEqual({ name, payload, status: 0 });
      }
    }
    expect(await state()).toBe(before);
    // The refusals were about whose the ids are: the owner's own calls go through.
    expect((await s.act('investapi/applyRedeem', A.head, { pledge_id: A.pledge })).status).toBe(1);
    expect((await s.call('mailapi/getMailDetail', A.head, { id: String(A.mail) })).status).toBe(1);
  });

  it("a member's own answers (balance, profile, expiry notice, rewards, team, application, email reminders) do not move when another member acts, and the balance and reward totals are the member's own entries", async () => {
    const own = (Object.keys(endpoints) as EndpointName[]).filter(
      (n) => endpoints[n].access === 'user' && Object.keys(shape(n)).length === 0 && !['logout', 'uploadPhoto'].includes(n),
    );
    expect(own.sort()).toEqual([
      'getApplyInfo',
      'getApplyStatus',
      'getBalance',
      'getEmailReminders',
      'getInvestExpire',
      'getRewardSummary',
      'getTeamSummary',
      'getUserInfo',
    ]);
    const answers = (who: Account) => Promise.all(own.map(async (n) => ({ n, reply: await s.call(endpoints[n].path, who, {}) })));
    const [aBefore, bBefore] = [await answers(A.head), await answers(B.head)];
    // A acts in every way that shows in these answers: money in and out, a new stake, a new member in the team,
    // a mail, an application.
    const newcomer = await s.user(A.head);
    await deposit(s.db, s.clock, A.head.address, '500');
    await deposit(s.db, s.clock, newcomer.address, '100');
    expect((await s.act('investapi/investSave', newcomer, { order_id: lv.small, day_id: lv.smallTen })).status).toBe(1);
    expect((await s.act('investapi/investSave', A.head, { order_id: lv.big, day_id: lv.bigTen })).status).toBe(1);
    await withdrawRequest(s.db, A.head.address, '1');
    await transferRequest(s.db, A.head.address, newcomer.address, '1');
    await runOp(s.db, 'mail.send', [A.head.address, 'Again', 'for A']);
    await s.db.update(communityApplications).set({ status: 'rejected', reason: 'only A' }).where(eq(communityApplications.userId, A.id));
    expect(await answers(B.head)).toEqual(bBefore);
    // And B's money answers are B's own entries and dividends (rewards were paid to both teams' heads by the same runs).
    const [sums] = await rowsOf<{ balance: string; direct: string; team: string }>(
      s.db,
      sql`
      select (coalesce(sum(amount), 0) + (select coalesce(sum(amount), 0) from dividends where source_user_id = ${B.id}))::text as balance,
             coalesce(sum(amount) filter (where type = 'reward-direct'), 0)::text as direct,
             coalesce(sum(amount) filter (where type = 'reward-team'), 0)::text as team
      from ledger_entries where user_id = ${B.id}`,
    );
    const answer = (n: EndpointName) => bBefore.find((x) => x.n === n)!.reply.data;
    expect(answer('getBalance')).toMatchObject({ balance: sums!.balance });
    expect(answer('getRewardSummary')).toMatchObject({ direct_total: sums!.direct, team_total: sums!.team });
    expect([sums!.direct, sums!.team]).not.toContain('0');
    // A's own answers did move: the checks above would have seen a shared answer move.
    const moved = (await answers(A.head)).filter((x, i) => JSON.stringify(x) !== JSON.stringify(aBefore[i])).map((x) => x.n);
    expect(moved).toEqual(expect.arrayContaining(['getApplyStatus', 'getBalance', 'getTeamSummary']));
    expect(await ledgerCheck(s.db)).toMatchObject({ balanceMismatches: [], heldMismatches: [] });
  });
});
