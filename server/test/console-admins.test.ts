import { sql } from 'drizzle-orm';
import type { LocalAccount } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { rowsOf } from '../db/client';
import { setApprovers } from '../../stack/deploy';
import type { PayoutTypedData } from '../../lib/console-api/replies';
import { paymentChain } from '../chain/settings';
import { createAdminApp } from '../http/routes-admin';
import { addOperator } from '../operators/operators';
import { type Session, consoleClient, signPayout } from './console-client';
import { migratedUpTo } from './migrated-up-to';
import { API_KEY, newAccount, testServer } from './harness';
import { type LocalChain, localChain, localIndexer } from './local-chain';
import { deposit, withdrawRequest } from './money';

/**
 * What one compromised admin can and cannot do (docs/console.md): each test's name is a claim of that section.
 * Two-person approval applies above the threshold, set to 100 WLD here.
 */

const TOKEN = 'an-admin-token-for-the-test';
const HOUR = 3600_000;
let s: Awaited<ReturnType<typeof testServer>>;
let admin: ReturnType<typeof createAdminApp>;
let net: LocalChain;

let post: ReturnType<typeof consoleClient>['post'];
let cliOperator: ReturnType<typeof consoleClient>['cliOperator'];
let signIn: ReturnType<typeof consoleClient>['signIn'];

beforeAll(async () => {
  // Approvals are the Vault's EIP-712 signatures: the console checks them against the Vault of a local chain.
  net = await localChain();
  const payments = paymentChain(net.client(), localIndexer);
  s = await testServer({ chainId: 31337 }, { payments });
  admin = createAdminApp({ db: s.db, clock: s.clock, config: s.config, payments }, TOKEN);
  ({ post, cliOperator, signIn } = consoleClient(admin, s.db, s.clock));
  const boss = await signIn(await cliOperator(['admin']));
  expect((await post('setApprovalThreshold', { amount: '100' }, boss)).body.ok).toBe(true);
});
afterAll(async () => {
  await s.close();
  await net.stop();
});

/** An admin in the console: the account and its session. */
async function consoleAdmin() {
  const account = await cliOperator(['admin']);
  return { account, session: await signIn(account) };
}

async function largeWithdrawal() {
  const m = await s.root();
  await deposit(s.db, s.clock, m.address, '1000');
  return { id: String(await withdrawRequest(s.db, m.address, '500', s.clock)), member: m.address };
}

/**
 * `account` approves withdrawal `id` as the console's page does: it signs approvalMessage's typed data. The Vault's
 * owner has named it an approver on chain (the worst case: the console's own rules are all that stand in the way).
 */
async function approve(account: LocalAccount, id: string, session?: Session) {
  await setApprovers(net.anvil.rpcUrl, [account.address]);
  const as = session ?? (await signIn(account));
  const t = (await post('approvalMessage', { id }, as)).body.data!.typedData as PayoutTypedData;
  const signature = await signPayout(account, t);
  return post('approveWithdrawal', { id, signature }, as);
}

const statusOf = async (id: string) =>
  (
    await rowsOf<{ status: string; approvals: number }>(
      s.db,
      sql`
    select w.status, (select count(*)::int from withdrawal_approvals a where a.withdrawal_id = w.id) as approvals from withdrawals w where w.id = ${Number(id)}`,
    )
  )[0];

describe('what one compromised admin cannot do', () => {
  it('cannot approve a large withdrawal as both approvers with an auditor of their own it adds, approves with and removes', async () => {
    const { account: a, session } = await consoleAdmin();
    const sockpuppet = newAccount();
    expect((await post('addOperator', { address: sockpuppet.address, roles: ['auditor'] }, session)).body.data).toMatchObject({ outcome: 'done' });
    const w = await largeWithdrawal();
    expect((await approve(a, w.id, session)).body.data).toMatchObject({ outcome: 'recorded' });
    const second = await approve(sockpuppet, w.id);
    expect([second.status, second.body.error!.code]).toEqual([409, 'sameOperator']);
    expect(second.body.error!.message).toBe(
      `${sockpuppet.address} was added or given the approving role by the other approver ${a.address}: the two approvals must come from operators who did not put each other there`,
    );
    expect((await post('removeOperator', { address: sockpuppet.address }, session)).body.ok).toBe(true);
    expect(await statusOf(w.id)).toEqual({ status: 'under-review', approvals: 1 });
  });

  it('cannot pair with an auditor it added even after the cooling period, in either order', async () => {
    const { account: a, session } = await consoleAdmin();
    const sockpuppet = newAccount();
    await post('addOperator', { address: sockpuppet.address, roles: ['auditor'] }, session);
    s.clock.advance(73 * HOUR);
    const w = await largeWithdrawal();
    expect((await approve(sockpuppet, w.id)).body.data).toMatchObject({ outcome: 'recorded' });
    const refused = await approve(a, w.id);
    expect(refused.body.error!.code).toBe('sameOperator');
    expect(await statusOf(w.id)).toEqual({ status: 'under-review', approvals: 1 });
  });

  it('cannot pair with an operator it gave the approving role to', async () => {
    const { account: a, session } = await consoleAdmin();
    const helper = await cliOperator(['support']);
    expect((await post('setOperatorRoles', { address: helper.address, roles: ['support', 'auditor'] }, session)).body.data).toMatchObject({ outcome: 'done' });
    s.clock.advance(73 * HOUR);
    const w = await largeWithdrawal();
    expect((await approve(helper, w.id)).body.data).toMatchObject({ outcome: 'recorded' });
    expect((await approve(a, w.id)).body.error!.code).toBe('sameOperator');
  });

  it('cannot approve with an operator who became an approver after the withdrawal was requested until the cooling period ends', async () => {
    const { account: a } = await consoleAdmin();
    const w = await largeWithdrawal();
    s.clock.advance(HOUR);
    const newcomer = await cliOperator(['auditor']);
    const since = s.clock.now();
    expect((await approve(a, w.id)).body.data).toMatchObject({ outcome: 'recorded' });
    const early = await approve(newcomer, w.id);
    expect(early.body.error).toEqual({
      code: 'conflict',
      message: `${newcomer.address} became an approver after this withdrawal was requested; eligible from ${new Date(since.getTime() + 72 * HOUR).toISOString()}`,
    });
    const zh = await signIn(newcomer);
    const t = (await post('approvalMessage', { id: w.id }, zh)).body.data!.typedData as PayoutTypedData;
    const signature = await signPayout(newcomer, t);
    expect((await post('approveWithdrawal', { id: w.id, signature }, zh, 'zh-CN')).body.error!.message).toContain('起方可批准');
    expect(await statusOf(w.id)).toEqual({ status: 'under-review', approvals: 1 });
    s.clock.advance(72 * HOUR);
    expect((await approve(newcomer, w.id)).body.data).toMatchObject({ outcome: 'approved' });
  });

  it('cannot reset a removed auditor into an eligible one: a re-add starts the cooling period again', async () => {
    const { account: a, session } = await consoleAdmin();
    const auditor = await cliOperator(['auditor']);
    const w = await largeWithdrawal();
    s.clock.advance(60_000);
    await post('removeOperator', { address: auditor.address }, session);
    await addOperator(s.db, s.clock, null, { address: auditor.address, roles: ['auditor'] });
    expect((await approve(a, w.id)).body.data).toMatchObject({ outcome: 'recorded' });
    expect((await approve(auditor, w.id)).body.error!.message).toContain('became an approver after this withdrawal was requested');
  });

  it('cannot shorten the cooling period: it is the server’s APPROVER_COOLING_HOURS, 72 by default, and no console endpoint sets it', async () => {
    expect(loadConfig({ API_KEY, NODE_ENV: 'test' }).approverCoolingMs).toBe(72 * HOUR);
    expect(loadConfig({ API_KEY, NODE_ENV: 'test', APPROVER_COOLING_HOURS: '96' }).approverCoolingMs).toBe(96 * HOUR);
    expect(() => loadConfig({ API_KEY, NODE_ENV: 'test', APPROVER_COOLING_HOURS: '0' })).toThrow(/APPROVER_COOLING_HOURS/);
    const { consoleEndpoints } = await import('../../lib/console-api/contract');
    const inputs = await import('../../lib/console-api/inputs');
    const settable = Object.keys(consoleEndpoints).filter((n) => /cool/i.test(n) || /cool/i.test(JSON.stringify((inputs as Record<string, unknown>)[n] ?? {})));
    expect(settable).toEqual([]);
    const { session } = await consoleAdmin();
    expect(Object.keys((await post('settings', {}, session)).body.data!)).toEqual(['approvalThreshold']);
  });

  it('cannot add an admin alone: the grant waits for a different admin, the new admin cannot sign in until then', async () => {
    const { session: proposer } = await consoleAdmin();
    const newcomer = newAccount();
    const reply = await post('addOperator', { address: newcomer.address, roles: ['admin'], note: 'ops lead' }, proposer);
    expect(reply.body.data).toMatchObject({ outcome: 'pending', grant: { kind: 'add', address: newcomer.address, roles: ['admin'], status: 'pending' } });
    const grant = (reply.body.data as { grant: { id: string } }).grant;
    const message = String((await post('getNonce', { address: newcomer.address })).body.data!.message);
    expect((await post('login', { message, signature: await newcomer.signMessage({ message }) })).body.error!.code).toBe('notOperator');
    const own = await post('confirmAdminGrant', { id: grant.id }, proposer);
    expect([own.status, own.body.error!.code, own.body.error!.message]).toEqual([
      409,
      'sameOperator',
      'You proposed this admin grant: a different admin must confirm it',
    ]);
    expect((await post('adminGrants', {}, proposer)).body.data).toEqual(expect.arrayContaining([expect.objectContaining({ id: grant.id, status: 'pending' })]));

    const { account: second, session: confirmer } = await consoleAdmin();
    const confirmed = await post('confirmAdminGrant', { id: grant.id }, confirmer);
    expect(confirmed.body.data).toMatchObject({
      grant: { status: 'confirmed', decidedBy: second.address },
      operator: { address: newcomer.address, roles: ['admin'], note: 'ops lead', active: true },
    });
    expect((await signIn(newcomer)).csrf).toBeTruthy();
    expect((await post('confirmAdminGrant', { id: grant.id }, confirmer)).body.error!.code).toBe('conflict');
    const audit = await rowsOf<{ action: string; operator: string }>(
      s.db,
      sql`select action, operator from audit_log where target = ${newcomer.address} order by id`,
    );
    expect(audit.map((r) => r.action)).toEqual(['operator.adminGrant.propose', 'operator.add', 'operator.adminGrant.confirm']);
  });

  it('cannot give an operator the admin role alone, nor re-add a removed admin alone', async () => {
    const { session: a } = await consoleAdmin();
    const { session: b } = await consoleAdmin();
    const editor = await cliOperator(['editor']);
    const promote = await post('setOperatorRoles', { address: editor.address, roles: ['editor', 'admin'] }, a);
    expect(promote.body.data).toMatchObject({ outcome: 'pending', grant: { kind: 'roles' } });
    expect((await post('operators', {}, a)).body.data).toEqual(
      expect.arrayContaining([expect.objectContaining({ address: editor.address, roles: ['editor'] })]),
    );
    expect((await post('setOperatorRoles', { address: editor.address, roles: ['admin'] }, a)).body.error!.code).toBe('conflict');

    const old = await cliOperator(['admin']);
    await post('removeOperator', { address: old.address }, a);
    const readd = await post('addOperator', { address: old.address, roles: ['admin'] }, a);
    expect(readd.body.data).toMatchObject({ outcome: 'pending', grant: { kind: 'add' } });
    const cancelled = await post('cancelAdminGrant', { id: (readd.body.data as { grant: { id: string } }).grant.id }, a);
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled' });
    expect((await post('confirmAdminGrant', { id: (readd.body.data as { grant: { id: string } }).grant.id }, b)).body.error!.code).toBe('conflict');
    const [row] = await rowsOf<{ active: boolean }>(s.db, sql`select active from operators where address = ${old.address}`);
    expect(row).toEqual({ active: false });
    // An admin keeping the role while changing the others needs no one.
    const self = await cliOperator(['admin']);
    expect((await post('setOperatorRoles', { address: self.address, roles: ['admin', 'support'] }, b)).body.data).toMatchObject({ outcome: 'done' });
  });
});

describe('what one compromised admin can do', () => {
  it('can remove another admin alone, so that a compromised admin is contained quickly, and the removed admin’s sessions end', async () => {
    const { session: a } = await consoleAdmin();
    const { account: other, session: theirs } = await consoleAdmin();
    expect((await post('removeOperator', { address: other.address }, a)).body.data).toMatchObject({ active: false });
    expect((await post('me', {}, theirs)).body.error!.code).toBe('unauthenticated');
  });

  it('can change the approval threshold alone, on record where the auditors see it (and the editors do not)', async () => {
    const { session } = await consoleAdmin();
    const auditor = await signIn(await cliOperator(['auditor']));
    expect((await post('setApprovalThreshold', { amount: '100' }, session)).body.ok).toBe(true);
    const seen = await post('audit', { action: 'settings.approvalThreshold' }, auditor);
    expect((seen.body.data as { total: number }).total).toBeGreaterThan(0);
    const editor = await signIn(await cliOperator(['editor']));
    expect(((await post('audit', { action: 'settings.approvalThreshold' }, editor)).body.data as { total: number }).total).toBe(0);
  });

  it('can add two auditors of its own who approve together a withdrawal requested after they were added, or an earlier one after the cooling period (the Vault’s approver set is the bound)', async () => {
    const { session } = await consoleAdmin();
    const earlier = await largeWithdrawal();
    s.clock.advance(60_000);
    const [b, c] = [newAccount(), newAccount()];
    for (const x of [b, c]) await post('addOperator', { address: x.address, roles: ['auditor'] }, session);
    expect((await approve(b, earlier.id)).body.error!.code).toBe('conflict');
    const later = await largeWithdrawal();
    expect((await approve(b, later.id)).body.data).toMatchObject({ outcome: 'recorded' });
    expect((await approve(c, later.id)).body.data).toMatchObject({ outcome: 'approved' });
    s.clock.advance(72 * HOUR);
    expect((await approve(b, earlier.id)).body.data).toMatchObject({ outcome: 'recorded' });
    expect((await approve(c, earlier.id)).body.data).toMatchObject({ outcome: 'approved' });
  });
});

describe('an admin grant under a race', () => {
  it('two admins confirming the same grant at once: one confirms, the other is told it was decided', async () => {
    const { session: proposer } = await consoleAdmin();
    const [x, y] = [await consoleAdmin(), await consoleAdmin()];
    for (let round = 0; round < 3; round += 1) {
      const target = newAccount();
      const grant = (await post('addOperator', { address: target.address, roles: ['admin'] }, proposer)).body.data as { grant: { id: string } };
      const replies = await Promise.all([x, y].map((a) => post('confirmAdminGrant', { id: grant.grant.id }, a.session)));
      expect(replies.filter((r) => r.body.ok)).toHaveLength(1);
      expect(replies.find((r) => !r.body.ok)!.body.error!.code).toBe('conflict');
      const audit = await rowsOf<{ n: number }>(
        s.db,
        sql`select count(*)::int as n from audit_log where target = ${target.address} and action = 'operator.add'`,
      );
      expect(audit).toEqual([{ n: 1 }]);
    }
  });
});

describe('migration 0026 on operators added before it', () => {
  it('dates an auditor’s or admin’s approving role from when they were added, by whom added them, and gives others none', async () => {
    const old = await migratedUpTo('0024_');
    try {
      await old.db.execute(sql`insert into operators (address, roles, added_at, added_by) values
        ('0xA1', '{auditor}', '2026-01-02T00:00:00Z', '0xB0'), ('0xA2', '{support,admin}', '2026-01-03T00:00:00Z', null), ('0xA3', '{editor}', '2026-01-04T00:00:00Z', '0xB0')`);
      await old.migrateTheRest();
      const rows = await rowsOf<{ address: string; since: string | null; by: string | null }>(
        old.db,
        sql`
        select address, to_char(approver_since at time zone 'UTC', 'YYYY-MM-DD') as since, approver_granted_by as by from operators order by address`,
      );
      expect(rows).toEqual([
        { address: '0xA1', since: '2026-01-02', by: '0xB0' },
        { address: '0xA2', since: '2026-01-03', by: null },
        { address: '0xA3', since: null, by: null },
      ]);
    } finally {
      await old.close();
    }
  });
});
