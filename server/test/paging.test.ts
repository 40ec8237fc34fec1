import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOp } from '../admin/ops';
import { communityApplications } from '../community/tables';
import { DAY_MS } from '../clock';
import { operatorSend } from '../mail/mail';
import { auditPage } from '../operators/audit';
import { FOUNDER_IDENTITY } from '../users/founder';
import { users } from '../users/tables';
import * as views from '../views/console';
import { runStakingJobs } from '../staking/daily';
import { testServer } from './harness';
import { deposit, seedLevels, transferRequest, userId, withdrawRequest } from './money';

/**
 * Every member list pages the same way: page 2 starts at row limit + 1, pages follow one another without a gap
 * or a repeat, and the last page says no more. Each list holds at least 2 × LIMIT + 1 rows.
 */
const LIMIT = 5;
const ROWS = 2 * LIMIT + 1;

let s: Awaited<ReturnType<typeof testServer>>;
type Account = Awaited<ReturnType<typeof s.user>>;
let inviter: Account, member: Account, other: Account, invited: Account[];

beforeAll(async () => {
  s = await testServer({ sessionTtlSeconds: 365 * 86400, rateLimitFactor: 100 });
  const lv = await seedLevels(s.db);
  inviter = await s.user();
  member = await s.user(inviter);
  invited = [member];
  for (let i = 1; i < ROWS; i++) invited.push(await s.user(inviter));
  other = invited[1]!;
  const stakeSmall = async (who: Account) => {
    const staked = await s.act('investapi/investSave', who, { order_id: lv.small, day_id: lv.smallTen });
    if (staked.status !== 1) throw new Error(staked.info);
  };
  await deposit(s.db, s.clock, inviter.address, '100');
  await stakeSmall(inviter);
  for (let i = 0; i <= ROWS; i++) await deposit(s.db, s.clock, member.address, '100');
  for (let i = 0; i < ROWS; i++) await stakeSmall(member);
  for (const who of invited.slice(1)) {
    await deposit(s.db, s.clock, who.address, '100');
    await stakeSmall(who);
  }
  for (let i = 0; i < ROWS; i++) {
    await withdrawRequest(s.db, member.address, '1', s.clock);
    await transferRequest(s.db, member.address, other.address, '1', s.clock);
    await operatorSend(s.db, s.clock, member, { title: `Notice ${i}`, content: 'From the administrator' });
    const sent = await s.call('mailapi/sendMail', member, { title: `Question ${i}`, content: 'From the member' });
    if (sent.status !== 1) throw new Error(sent.info);
    await runOp(s.db, 'notice.add', ['zh', `公告 ${i}`, '<p>内容</p>', 'en', `Notice ${i}`, '<p>Text</p>']);
    await runOp(s.db, 'rule.set', ['rank.40.team_stake', String(100_000 + i)], s.clock);
    s.clock.advance(1000);
  }
  s.clock.advance(DAY_MS);
  await runStakingJobs(s.db, s.clock);
});
afterAll(() => s.close());

type Page = { list: Record<string, unknown>[]; page: string; has_more: boolean };

async function page(path: string, who: Account, fields: Record<string, string>, n: number, limit: number): Promise<Page> {
  const reply = await s.call(path, who, { ...fields, page: String(n), limit: String(limit) });
  if (reply.status !== 1) throw new Error(`${path}: ${reply.info}`);
  return reply.data as unknown as Page;
}

/** The list read LIMIT rows a page equals the list read in one page, and the pages say where it ends. */
async function expectPaged(path: string, who: Account, fields: Record<string, string> = {}) {
  const whole = await page(path, who, fields, 1, 50);
  expect(whole.has_more).toBe(false);
  expect(whole.list.length).toBeGreaterThanOrEqual(ROWS);
  const last = Math.ceil(whole.list.length / LIMIT);
  for (let n = 1; n <= last + 1; n++) {
    expect(await page(path, who, fields, n, LIMIT)).toEqual({
      list: whole.list.slice((n - 1) * LIMIT, n * LIMIT),
      page: String(n),
      has_more: n < last,
    });
  }
}

describe('member lists, page by page', () => {
  it('stake records: page 2 starts at the 6th stake of 11', async () => {
    const second = await page('investapi/getInvestList', member, {}, 2, LIMIT);
    const whole = await page('investapi/getInvestList', member, {}, 1, 50);
    expect(second.list[0]!.pledge_id).toBe(whole.list[LIMIT]!.pledge_id);
    await expectPaged('investapi/getInvestList', member);
  });

  it('recharge, withdrawal and transfer records', async () => {
    await expectPaged('walletapi/getRechargeList', member);
    await expectPaged('walletapi/getWithdrawList', member);
    await expectPaged('walletapi/getTransferList', member);
  });

  it('direct rewards and the first generation of the team', async () => {
    await expectPaged('rewardapi/getRewardList', inviter, { type: 'direct' });
    await expectPaged('teamapi/getTeamList', inviter, { generation: '1' });
  });

  it('the inbox, the sent box and the announcements', async () => {
    await expectPaged('mailapi/getMailList', member, { type: 'inbox' });
    await expectPaged('mailapi/getMailList', member, { type: 'sent' });
    await expectPaged('publicapi/getNoticeList', member);
  });
});

type ConsolePage = { items: unknown[]; total: number; page: number; limit: number };

/** A console list read LIMIT rows a page equals it read in one page; every page gives the same total. */
async function expectConsolePaged(read: (page: number, limit: number) => Promise<ConsolePage | undefined>) {
  const whole = (await read(1, 100))!;
  expect(whole.total).toBe(whole.items.length);
  expect(whole.total).toBeGreaterThanOrEqual(ROWS);
  const last = Math.ceil(whole.total / LIMIT);
  for (let n = 1; n <= last + 1; n++) {
    expect(await read(n, LIMIT)).toEqual({ items: whole.items.slice((n - 1) * LIMIT, n * LIMIT), total: whole.total, page: n, limit: LIMIT });
  }
}

describe('console lists, page by page', () => {
  it("withdrawals, members, a member's ledger, team and mail", async () => {
    const now = s.clock.now();
    await expectConsolePaged((page, limit) => views.withdrawalPage(s.db, { page, limit, address: member.address }, now));
    await expectConsolePaged((page, limit) => views.memberPage(s.db, { page, limit }));
    await expectConsolePaged((page, limit) => views.memberLedger(s.db, member.address, page, limit));
    await expectConsolePaged((page, limit) => views.memberTeam(s.db, inviter.address, 1, page, limit));
    await expectConsolePaged((page, limit) => views.mailPage(s.db, { page, limit, filter: 'all', address: member.address }));
  });

  it('announcements, rule changes and the audit log', async () => {
    await expectConsolePaged((page, limit) => views.noticePage(s.db, page, limit));
    await expectConsolePaged((page, limit) => views.ruleHistoryPage(s.db, page, limit));
    await expectConsolePaged(async (page, limit) => ({ ...(await auditPage(s.db, { page, limit }, { all: true })), page, limit }));
  });
});

describe('console lists of the community, page by page', () => {
  it('applications and founders', async () => {
    const ids = await Promise.all(invited.map((who) => userId(s.db, who.address)));
    await s.db.insert(communityApplications).values(
      ids.map((id, i) => ({
        userId: id,
        receiver: inviter.address,
        amount: 10n ** 18n,
        payFrom: invited[i]!.address,
        payHash: `0x${(i + 1).toString(16).padStart(64, '0')}`,
        communityToken: 'token',
        provinceCode: '11',
        cityCode: '1101',
        photoIds: ['a', 'b', 'c'],
      })),
    );
    await expectConsolePaged((page, limit) => views.applicationPage(s.db, { page, limit, status: 'pending' }));
    await s.db.update(users).set({ identityLv: FOUNDER_IDENTITY }).where(inArray(users.id, ids));
    await expectConsolePaged((page, limit) => views.founderPage(s.db, page, limit));
  });
});
