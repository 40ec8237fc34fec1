import { sql } from 'drizzle-orm';
import { type LocalAccount, parseEther } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOp } from '../admin/ops';
import { signInMessage } from '../auth/sign-in-message';
import { rowsOf } from '../db/client';
import { createAdminApp } from '../http/routes-admin';
import { addOperator } from '../operators/operators';
import { purgeExpired } from '../jobs/purge';
import type { Role } from '../../lib/console-api/inputs';
import { serve } from '@hono/node-server';
import sharp from 'sharp';
import { LOCAL_VAULT, vaultAbi } from '../../abi';
import { LOCAL_ROLES, anvilAccount } from '../../stack/accounts';
import { ensureConsoleAdmin } from '../../stack/console-operator';
import { setApprovers } from '../../stack/deploy';
import type { PayoutTypedData } from '../../lib/console-api/replies';
import { paymentChain } from '../chain/settings';
import { signPayout } from './console-client';
import { newAccount, testServer } from './harness';
import { type LocalChain, localChain, localIndexer } from './local-chain';
import { deposit, withdrawRequest } from './money';

const TOKEN = 'an-admin-token-for-the-test';
let s: Awaited<ReturnType<typeof testServer>>;
let admin: ReturnType<typeof createAdminApp>;
let origin: string;
let net: LocalChain;

beforeAll(async () => {
  net = await localChain();
  // Approvals are signatures for the Vault: the console reaches it through the chain community payments use.
  const payments = paymentChain(net.client(), localIndexer);
  s = await testServer({ chainId: 31337 }, { payments });
  admin = createAdminApp({ db: s.db, clock: s.clock, config: s.config, payments }, TOKEN);
  origin = `http://127.0.0.1:${s.config.adminPort}`;
});
afterAll(async () => {
  await s.close();
  await net.stop();
});

type Envelope = { ok: boolean; data?: Record<string, unknown> & unknown; error?: { code: string; message: string; fields?: Record<string, string> } };
type Session = { cookie: string; csrf: string; setCookie: string };

async function post(name: string, body: unknown, session?: Session, headers: Record<string, string> = {}) {
  const res = await admin.request(`/console/api/${name}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(session ? { cookie: session.cookie, 'x-csrf-token': session.csrf } : {}),
      ...headers,
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Envelope };
}

async function operator(roles: Role[]) {
  const account = newAccount();
  await addOperator(s.db, s.clock, null, { address: account.address, roles });
  return account;
}

/** An operator whom the Vault's owner also names an approver on chain. */
async function approver(roles: Role[] = ['auditor']) {
  const account = await operator(roles);
  await setApprovers(net.anvil.rpcUrl, [account.address]);
  return account;
}

/** The approval as the console's wallet signs it: approvalMessage's typed data (eth_signTypedData_v4). */
async function approvalOf(account: LocalAccount, session: Session, id: string) {
  const { typedData } = (await post('approvalMessage', { id }, session)).body.data as unknown as { typedData: PayoutTypedData };
  return { id, signature: await signTyped(account, typedData) };
}
const signTyped = signPayout;

async function signIn(account: LocalAccount): Promise<Session> {
  const nonce = await post('getNonce', { address: account.address });
  expect(nonce.body.ok).toBe(true);
  const message = String(nonce.body.data!.message);
  const login = await post('login', { message, signature: await account.signMessage({ message }) });
  expect(login.body).toMatchObject({ ok: true });
  const setCookie = login.headers.get('set-cookie')!;
  return { cookie: setCookie.split(';')[0]!, csrf: String(login.body.data!.csrfToken), setCookie };
}

async function member(wld = '1000') {
  const account = await s.root();
  await deposit(s.db, s.clock, account.address, wld);
  return account;
}

/** The Vault's owner (the local deployer) sets the on-chain approval threshold. */
async function setVaultThreshold(amount: bigint) {
  const owner = net.wallet(anvilAccount(LOCAL_ROLES.deployer));
  await net.client().waitForTransactionReceipt({
    hash: await owner.writeContract({ address: LOCAL_VAULT, abi: vaultAbi, functionName: 'setApprovalThreshold', args: [amount] }),
  });
}

const auditRows = (action: string) =>
  rowsOf<{ id: number; operator: string | null; action: string; target: string | null; before: unknown; after: unknown }>(
    s.db,
    sql`select * from audit_log where action = ${action} order by id`,
  );

describe('console sign-in', () => {
  it('names the console origin and opens a session with an HttpOnly, SameSite=Strict cookie on /console', async () => {
    const auditor = await operator(['auditor']);
    const nonce = await post('getNonce', { address: auditor.address });
    expect(String(nonce.body.data!.message)).toContain(`${new URL(origin).host} wants you to sign in`);
    expect(String(nonce.body.data!.message)).toContain(`URI: ${origin}`);
    const session = await signIn(auditor);
    expect(session.setCookie).toMatch(/^console_session=[\w-]{20,};/);
    expect(session.setCookie).toContain('HttpOnly');
    expect(session.setCookie).toContain('SameSite=Strict');
    expect(session.setCookie).toContain('Path=/console');
    const me = await post('me', {}, { ...session, csrf: '' });
    expect(me.body).toMatchObject({ ok: true, data: { address: auditor.address, roles: ['auditor'], csrfToken: session.csrf } });
    expect(me.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(me.headers.get('x-frame-options')).toBe('DENY');
  });

  it('refuses a message for another origin, a non-operator, a reused nonce and a wrong signature', async () => {
    const auditor = await operator(['auditor']);
    const nonce = await post('getNonce', { address: auditor.address });
    const real = String(nonce.body.data!.message);
    const nonceValue = /Nonce: (\w+)/.exec(real)![1]!;
    const foreign = signInMessage({
      origin: 'https://evil.example',
      address: auditor.address,
      statement: 'Sign in',
      chainId: s.config.chainId,
      nonce: nonceValue,
      issuedAt: s.clock.now(),
      expiresAt: new Date(s.clock.now().getTime() + 60_000),
    });
    const refused = await post('login', { message: foreign, signature: await auditor.signMessage({ message: foreign }) });
    expect(refused.status).toBe(400);
    expect(refused.body.error!.code).toBe('foreignOrigin');
    expect(refused.headers.get('set-cookie')).toBeNull();

    const other = newAccount();
    const wrong = await post('login', { message: real, signature: await other.signMessage({ message: real }) });
    expect(wrong.body.error!.code).toBe('badSignature');

    const stranger = newAccount();
    const m = String((await post('getNonce', { address: stranger.address })).body.data!.message);
    const notOperator = await post('login', { message: m, signature: await stranger.signMessage({ message: m }) });
    expect(notOperator.status).toBe(403);
    expect(notOperator.body.error!.code).toBe('notOperator');

    const signature = await auditor.signMessage({ message: real });
    expect((await post('login', { message: real, signature })).body.ok).toBe(true);
    expect((await post('login', { message: real, signature })).body.error!.code).toBe('expired');
  });

  it('refuses a call without the csrf token, with a wrong one, from another origin, or without a session', async () => {
    const session = await signIn(await operator(['admin']));
    expect((await post('health', {}, session)).body.ok).toBe(true);
    const missing = await post('health', {}, { ...session, csrf: '' });
    expect([missing.status, missing.body.error!.code]).toEqual([403, 'csrf']);
    expect((await post('health', {}, { ...session, csrf: `${session.csrf}x` })).body.error!.code).toBe('csrf');
    expect((await post('health', {}, session, { origin: 'https://evil.example' })).body.error!.code).toBe('csrf');
    const none = await post('health', {});
    expect([none.status, none.body.error!.code]).toEqual([401, 'unauthenticated']);
    // After logout the cookie opens nothing.
    expect((await post('logout', {}, session)).body.ok).toBe(true);
    expect((await post('health', {}, session)).body.error!.code).toBe('unauthenticated');
  });

  it('purges spent nonces and expired sessions with the job loop', async () => {
    const session = await signIn(await operator(['support']));
    s.clock.advance(1000);
    expect((await purgeExpired(s.db, s.clock)).console.nonces).toBeGreaterThan(0);
    expect((await post('me', {}, session)).body.ok).toBe(true);
    s.clock.advance(13 * 3600_000);
    expect((await purgeExpired(s.db, s.clock)).console.sessions).toBeGreaterThan(0);
    expect((await post('me', {}, session)).body.error!.code).toBe('unauthenticated');
  });

  it('answers bad input with a clear, localised message and changes nothing', async () => {
    const session = await signIn(await operator(['admin']));
    const en = await post('setRule', { key: 'reward.generation.1' }, session, { 'accept-language': 'en-US,en;q=0.9' });
    expect(en.status).toBe(400);
    expect(en.body.error).toMatchObject({ code: 'invalidInput', fields: { value: expect.any(String) } });
    expect(en.body.error!.message).toMatch(/^Invalid input: value/);
    const zh = await post('setRule', { key: 'reward.generation.1', value: 'lots' }, session, { 'accept-language': 'zh-CN' });
    expect(zh.body.error!.message).toMatch(/^已拒绝：reward\.generation\.1/);
    expect((await post('setRule', { key: 'x', value: '1', extra: true }, session)).body.error!.code).toBe('invalidInput');
    expect((await post('noSuchEndpoint', {}, session)).status).toBe(404);
    expect(await auditRows('setRule')).toEqual([]);
  });
});

describe('console roles', () => {
  it('lets each role do only its own tasks; admin does all', async () => {
    const auditor = await signIn(await operator(['auditor']));
    const support = await signIn(await operator(['support']));
    const editor = await signIn(await operator(['editor']));
    const boss = await signIn(await operator(['admin']));
    const change = { key: 'reward.generation.1', value: '9' };
    const refused = await post('setRule', change, auditor);
    expect([refused.status, refused.body.error!.code]).toEqual([403, 'forbidden']);
    expect(refused.body.error!.message).toBe('您的角色无权执行此操作（需要：admin）');
    expect((await post('setRule', change, support)).body.error!.code).toBe('forbidden');
    expect((await post('mailInbox', {}, auditor)).body.error!.code).toBe('forbidden');
    expect((await post('withdrawalQueue', {}, support)).body.error!.code).toBe('forbidden');
    expect((await post('saveNotice', { texts: { zh: { title: 't', content: '<p>x</p>' } } }, auditor)).body.error!.code).toBe('forbidden');
    expect((await post('addOperator', { address: newAccount().address, roles: ['admin'] }, editor)).body.error!.code).toBe('forbidden');
    expect((await post('withdrawalQueue', {}, auditor)).body.ok).toBe(true);
    expect((await post('mailInbox', {}, support)).body.ok).toBe(true);
    expect((await post('notices', {}, editor)).body.ok).toBe(true);
    expect((await post('audit', {}, editor)).body.ok).toBe(true);
    expect((await post('setRule', change, boss)).body.ok).toBe(true);
    expect(((await post('ruleHistory', {}, boss)).body.data as { items: unknown[] }).items[0]).toMatchObject({
      key: 'reward.generation.1',
      value: '9',
      operator: expect.stringMatching(/^0x/),
    });
    expect((await post('mailInbox', {}, boss)).body.ok).toBe(true);
    expect((await post('withdrawalQueue', {}, boss)).body.ok).toBe(true);
  });

  it('applies a role change at once and ends a removed operator’s sessions', async () => {
    const boss = await signIn(await operator(['admin']));
    const account = await operator(['support']);
    const session = await signIn(account);
    expect((await post('setOperatorRoles', { address: account.address, roles: ['editor'] }, boss)).body.ok).toBe(true);
    expect((await post('mailInbox', {}, session)).body.error!.code).toBe('forbidden');
    expect((await post('notices', {}, session)).body.ok).toBe(true);
    expect((await post('removeOperator', { address: account.address }, boss)).body.ok).toBe(true);
    expect((await post('notices', {}, session)).body.error!.code).toBe('unauthenticated');
  });
});

describe('console audit log', () => {
  it('records who, what, before → after for each action, and the database refuses to edit it', async () => {
    const bossAccount = await operator(['admin']);
    const boss = await signIn(bossAccount);
    expect((await post('setWalletMinimum', { kind: 'withdraw', amount: '5' }, boss)).body.ok).toBe(true);
    const notice = await post(
      'saveNotice',
      { texts: { zh: { title: '公告', content: '<p>内容</p><script>x</script>' }, en: { title: 'Notice', content: '<p>Text</p>' } } },
      boss,
    );
    expect(notice.body).toMatchObject({ ok: true, data: { removed: { zh: expect.arrayContaining([expect.stringContaining('script')]) } } });
    const [minimum] = await auditRows('setWalletMinimum');
    expect(minimum).toMatchObject({
      operator: bossAccount.address,
      target: 'minimum:withdraw',
      before: { withdraw: expect.any(String) },
      after: { withdraw: parseEther('5').toString() },
    });
    const [saved] = await auditRows('saveNotice');
    expect(saved).toMatchObject({ operator: bossAccount.address, before: null, after: { zh: { title: '公告', content: '<p>内容</p>' } } });

    const listed = await post('audit', { action: 'setWalletMinimum', limit: 5 }, boss);
    expect(listed.body.data).toMatchObject({ total: 1, items: [{ action: 'setWalletMinimum', operator: bossAccount.address }] });

    await expect(s.db.execute(sql`update audit_log set action = 'nothing' where id = ${minimum!.id}`)).rejects.toThrow();
    await expect(s.db.execute(sql`delete from audit_log where id = ${minimum!.id}`)).rejects.toThrow();
    expect((await auditRows('setWalletMinimum'))[0]).toMatchObject({ id: minimum!.id, action: 'setWalletMinimum' });
    // No endpoint edits or removes an audit row.
    expect(Object.keys(await import('../../lib/console-api/contract').then((m) => m.consoleEndpoints)).filter((n) => /audit/i.test(n))).toEqual(['audit']);
  });

  it('adds the first operator from the CLI with the admin token, on record', async () => {
    const account = newAccount();
    const res = await admin.request('/admin/op', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
      body: JSON.stringify({ op: 'operator.add', args: [account.address.toLowerCase(), 'admin,auditor', 'first', 'admin'] }),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { result: { roles: string[]; note: string } }).result).toMatchObject({ roles: ['admin', 'auditor'], note: 'first admin' });
    expect(((await runOp(s.db, 'operators.list', [])) as { address: string }[]).map((o) => o.address)).toContain(account.address);
    await expect(runOp(s.db, 'operator.add', [account.address, 'boss'])).rejects.toThrow(/roles/);
    expect((await auditRows('operator.add')).find((r) => r.target === account.address)).toMatchObject({ operator: null, before: null });
    await signIn(account);
  });

  it('puts the CLI’s changes on the audit log, not its reads', async () => {
    const address = newAccount().address;
    await runOp(s.db, 'root.add', [address]);
    await runOp(s.db, 'wallet.minimum', ['transfer', '2']);
    await runOp(s.db, 'users.list', []);
    await runOp(s.db, 'wallet.config', []);
    expect((await auditRows('cli:root.add')).at(-1)).toMatchObject({ operator: null, target: address, after: { args: [address], result: { address } } });
    expect((await auditRows('cli:wallet.minimum')).at(-1)).toMatchObject({ target: 'transfer' });
    expect(await auditRows('cli:users.list')).toEqual([]);
    expect(await auditRows('cli:wallet.config')).toEqual([]);
  });

  it('makes the local stack’s deployer an admin operator on npm start, once', async () => {
    const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
      const started = serve({ fetch: admin.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(started));
    });
    try {
      const port = (server.address() as { port: number }).port;
      const address = await ensureConsoleAdmin(port, TOKEN);
      expect(await ensureConsoleAdmin(port, TOKEN)).toBe(address);
      const listed = (await runOp(s.db, 'operators.list', [])) as { address: string; roles: string[] }[];
      expect(listed.filter((o) => o.address === address)).toEqual([expect.objectContaining({ roles: ['admin'] })]);
      expect((await auditRows('operator.add')).filter((r) => r.target === address)).toHaveLength(1);
    } finally {
      server.close();
    }
  });
});

describe('withdrawal approval in the console', () => {
  it('needs the operator’s EIP-712 signature of the payout naming the Vault’s request, the member and the amount', async () => {
    const auditorAccount = await approver();
    const auditor = await signIn(auditorAccount);
    const m = await member();
    const id = String(await withdrawRequest(s.db, m.address, '50', s.clock));
    const queue = await post('withdrawalQueue', { address: m.address }, auditor);
    expect(queue.body.data).toMatchObject({
      total: 1,
      items: [{ id, address: m.address, amount: parseEther('50').toString(), balance: parseEther('950').toString(), approvalsNeeded: 1 }],
    });
    const detail = await post('withdrawalDetail', { id }, auditor);
    expect(detail.body.data).toMatchObject({
      member: { address: m.address },
      ledger: expect.arrayContaining([expect.objectContaining({ type: 'withdraw' })]),
      deposits: [expect.any(Object)],
    });

    const asked = await post('approvalMessage', { id }, auditor, { 'accept-language': 'en' });
    const reply = asked.body.data as unknown as { message: string; typedData: PayoutTypedData };
    const requestId = String((detail.body.data as { requestId: string }).requestId);
    expect(reply.message).toContain(`Approve withdrawal #${id}`);
    expect(reply.message).toContain(m.address);
    expect(reply.message).toContain('50 WLD');
    expect(reply.message).toContain(`Vault request: #${requestId}`);
    expect(reply.typedData).toEqual({
      domain: { name: 'Vault', version: '1', chainId: 31337, verifyingContract: LOCAL_VAULT },
      types: {
        Payout: [
          { name: 'requestId', type: 'uint256' },
          { name: 'requester', type: 'address' },
          { name: 'amount', type: 'uint256' },
        ],
      },
      primaryType: 'Payout',
      message: { requestId, requester: m.address, amount: parseEther('50').toString() },
    });
    const altered = { ...reply.typedData, message: { ...reply.typedData.message, amount: parseEther('5').toString() } };
    const bad = await post('approveWithdrawal', { id, signature: await signTyped(auditorAccount, altered) }, auditor);
    expect(bad.body.error!.code).toBe('badSignature');
    const otherVault = { ...reply.typedData, domain: { ...reply.typedData.domain, chainId: 1 } };
    expect((await post('approveWithdrawal', { id, signature: await signTyped(auditorAccount, otherVault) }, auditor)).body.error!.code).toBe('badSignature');
    const byOther = await post('approveWithdrawal', { id, signature: await signTyped(newAccount(), reply.typedData) }, auditor);
    expect(byOther.body.error!.code).toBe('badSignature');
    expect((await post('withdrawalQueue', { address: m.address }, auditor)).body.data).toMatchObject({ total: 1 });

    const signature = await signTyped(auditorAccount, reply.typedData);
    // Its malleable twin (s' = n − s, the other v) recovers to the same wallet, but the Vault refuses it: so does the server.
    const n = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
    const twin = `${signature.slice(0, 66)}${(n - BigInt(`0x${signature.slice(66, 130)}`)).toString(16).padStart(64, '0')}${signature.endsWith('1b') ? '1c' : '1b'}`;
    expect((await post('approveWithdrawal', { id, signature: twin }, auditor)).body.error!.code).toBe('badSignature');
    const yParity = `${signature.slice(0, 130)}${signature.endsWith('1b') ? '00' : '01'}`; // v 0/1: viem takes it, the Vault's ECDSA not
    expect((await post('approveWithdrawal', { id, signature: yParity }, auditor)).body.error!.code).toBe('badSignature');
    const ok = await post('approveWithdrawal', { id, signature }, auditor);
    expect(ok.body.data).toMatchObject({ id, outcome: 'approved', approvalsNeeded: 1, approvals: [{ operator: auditorAccount.address }] });
    const history = await post('withdrawalHistory', { address: m.address }, auditor);
    expect(history.body.data).toMatchObject({ total: 1, items: [{ id, status: 'audit-successful', payout: { state: 'waiting' } }] });
    const [row] = (await auditRows('withdrawal.approve')).filter((r) => r.target === `withdrawal:${id}`);
    expect(row).toMatchObject({ operator: auditorAccount.address, before: { status: 'under-review' }, after: { status: 'audit-successful' } });
    const [kept] = await rowsOf<{ signature: string }>(s.db, sql`select signature from withdrawal_approvals where withdrawal_id = ${Number(id)}`);
    expect(kept).toEqual({ signature });
    expect((await post('approveWithdrawal', { id, signature }, auditor)).body.error!.code).toBe('conflict');
  });

  it('refuses an operator who is not an approver on the Vault, in their language, before and after signing', async () => {
    const account = await operator(['auditor']);
    const session = await signIn(account);
    const m = await member();
    const id = String(await withdrawRequest(s.db, m.address, '30', s.clock));
    const asked = await post('approvalMessage', { id }, session, { 'accept-language': 'en' });
    expect([asked.status, asked.body.error]).toEqual([
      403,
      {
        code: 'forbidden',
        message: `Your wallet is not an approver on the Vault ${LOCAL_VAULT}: the Vault pays only with approvers' signatures; ask the Vault's owner to add it`,
      },
    ]);
    expect((await post('approvalMessage', { id }, session, { 'accept-language': 'zh-CN' })).body.error!.message).toBe(
      `您的钱包不是金库 ${LOCAL_VAULT} 的审批人：金库只接受审批人的签名，请联系金库所有者添加`,
    );
    // Signed all the same (the typed data is public): refused, and nothing is recorded.
    const typed = {
      domain: { name: 'Vault', version: '1', chainId: 31337, verifyingContract: LOCAL_VAULT },
      types: {
        Payout: [
          { name: 'requestId', type: 'uint256' },
          { name: 'requester', type: 'address' },
          { name: 'amount', type: 'uint256' },
        ],
      },
      primaryType: 'Payout' as const,
    };
    const [w] = await rowsOf<{ request_id: string }>(s.db, sql`select request_id::text from withdrawals where id = ${Number(id)}`);
    const signature = await signTyped(account, { ...typed, message: { requestId: w!.request_id, requester: m.address, amount: parseEther('30').toString() } });
    const refused = await post('approveWithdrawal', { id, signature }, session, { 'accept-language': 'en' });
    expect([refused.status, refused.body.error!.code]).toEqual([403, 'forbidden']);
    expect((await post('withdrawalDetail', { id }, session)).body.data).toMatchObject({ status: 'under-review', approvals: [] });
    // Named an approver by the Vault's owner, the same signature is accepted; removed again, refused.
    await setApprovers(net.anvil.rpcUrl, [account.address]);
    expect((await post('approveWithdrawal', { id, signature }, session)).body.data).toMatchObject({ outcome: 'approved' });
    await setApprovers(net.anvil.rpcUrl, [account.address], false);
    const next = String(await withdrawRequest(s.db, m.address, '10', s.clock));
    expect((await post('approvalMessage', { id: next }, session)).body.error!.code).toBe('forbidden');
  });

  it('asks two approvals above the lower of the console’s threshold and the Vault’s, so never fewer than the chain', async () => {
    const [first, second] = [await approver(), await approver()];
    const [a, b] = [await signIn(first), await signIn(second)];
    const m = await member();
    const id = String(await withdrawRequest(s.db, m.address, '500', s.clock));
    // The console asks one up to 10,000 WLD; the Vault's owner lowers the chain's threshold to 100 WLD.
    await setVaultThreshold(parseEther('100'));
    try {
      expect((await post('withdrawalDetail', { id }, a)).body.data).toMatchObject({ approvalsNeeded: 2, flags: expect.arrayContaining(['large']) });
      expect((await post('approveWithdrawal', await approvalOf(first, a, id), a)).body.data).toMatchObject({ outcome: 'recorded', approvalsNeeded: 2 });
      expect((await post('withdrawalDetail', { id }, a)).body.data).toMatchObject({ status: 'under-review' });
      expect((await post('approveWithdrawal', await approvalOf(second, b, id), b)).body.data).toMatchObject({ outcome: 'approved', approvalsNeeded: 2 });
    } finally {
      await setVaultThreshold(parseEther('10000'));
    }
  });

  it('rejects with a reason and returns the amount, on record', async () => {
    const auditor = await signIn(await operator(['auditor']));
    const m = await member();
    const id = String(await withdrawRequest(s.db, m.address, '40', s.clock));
    // Under review, nothing is paid yet; the payout says so.
    expect((await post('withdrawalDetail', { id }, auditor)).body.data).toMatchObject({ status: 'under-review', payout: { state: 'awaiting-approval' } });
    // No reason: one clear sentence in the operator's language, nothing changed.
    const blank = await post('rejectWithdrawal', { id, reason: '  ' }, auditor, { 'accept-language': 'en' });
    expect(blank.body.error).toEqual({ code: 'invalidInput', message: 'Please enter a reason.', fields: { reason: 'Please enter a reason.' } });
    expect((await post('rejectWithdrawal', { id, reason: '' }, auditor, { 'accept-language': 'zh-CN' })).body.error!.message).toBe('请填写原因。');
    expect((await post('rejectWithdrawal', { id, reason: 'x'.repeat(501) }, auditor, { 'accept-language': 'en' })).body.error!.message).toBe(
      'The reason is at most 500 characters.',
    );
    expect((await post('withdrawalDetail', { id }, auditor)).body.data).toMatchObject({ status: 'under-review' });
    expect((await post('rejectWithdrawal', { id, reason: 'unusual pattern' }, auditor)).body.data).toMatchObject({ id, status: 'audit-failed' });
    expect((await post('withdrawalDetail', { id }, auditor)).body.data).toMatchObject({ payout: { state: 'not-paid' } });
    expect((await post('member', { address: m.address }, await signIn(await operator(['support'])))).body.data).toMatchObject({
      balance: parseEther('1000').toString(),
    });
    expect((await auditRows('rejectWithdrawal')).at(-1)).toMatchObject({
      target: `withdrawal:${id}`,
      before: { status: 'under-review' },
      after: { status: 'audit-failed', reason: 'unusual pattern' },
    });
  });

  it('needs two distinct operators above the threshold the admin sets', async () => {
    const boss = await signIn(await operator(['admin']));
    expect((await post('setApprovalThreshold', { amount: '100' }, boss)).body.data).toEqual({ approvalThreshold: parseEther('100').toString() });
    const first = await approver();
    const second = await approver();
    const [a, b] = [await signIn(first), await signIn(second)];
    const m = await member();
    const id = String(await withdrawRequest(s.db, m.address, '500', s.clock));
    const sign = async (account: LocalAccount, session: Session) => post('approveWithdrawal', await approvalOf(account, session, id), session);
    expect((await sign(first, a)).body.data).toMatchObject({ outcome: 'recorded', approvalsNeeded: 2 });
    const again = await sign(first, a);
    expect([again.status, again.body.error!.code]).toEqual([409, 'sameOperator']);
    expect((await post('withdrawalDetail', { id }, a)).body.data).toMatchObject({
      status: 'under-review',
      flags: expect.arrayContaining(['large']),
      approvals: [{ operator: first.address }],
    });
    expect((await sign(second, b)).body.data).toMatchObject({ outcome: 'approved', approvals: [{ operator: first.address }, { operator: second.address }] });
    expect((await post('withdrawalDetail', { id }, a)).body.data).toMatchObject({ status: 'audit-successful' });
    await post('setApprovalThreshold', { amount: '10000' }, boss);
  });

  it('two operators approving the same withdrawal at once: one wins, the money moves once', async () => {
    const ops = [await approver(), await approver()];
    const sessions = [await signIn(ops[0]!), await signIn(ops[1]!)];
    for (let round = 0; round < 3; round += 1) {
      const m = await member();
      const id = String(await withdrawRequest(s.db, m.address, '20', s.clock));
      const signed = await Promise.all(ops.map((account, i) => approvalOf(account, sessions[i]!, id)));
      const replies = await Promise.all(signed.map((body, i) => post('approveWithdrawal', body, sessions[i])));
      expect(replies.filter((r) => r.body.ok).length).toBe(1);
      expect(replies.find((r) => !r.body.ok)!.body.error!.code).toBe('conflict');
      const [state] = await rowsOf<{ status: string; approvals: number; holds: number }>(
        s.db,
        sql`
        select w.status, (select count(*)::int from withdrawal_approvals a where a.withdrawal_id = w.id) as approvals,
          (select count(*)::int from ledger_entries e where e.idempotency_key = ${`withdraw:${id}`}) as holds
        from withdrawals w where w.id = ${Number(id)}`,
      );
      expect(state).toEqual({ status: 'audit-successful', approvals: 1, holds: 1 });
    }
  });
});

describe('two-person approval under a race', () => {
  it('two distinct operators giving the first approval at once above the threshold: one records, the other completes', async () => {
    const boss = await signIn(await operator(['admin']));
    await post('setApprovalThreshold', { amount: '100' }, boss);
    const ops = [await approver(), await approver()];
    const sessions = [await signIn(ops[0]!), await signIn(ops[1]!)];
    for (let round = 0; round < 3; round += 1) {
      const m = await member();
      const id = String(await withdrawRequest(s.db, m.address, '300', s.clock));
      const signed = await Promise.all(ops.map((account, i) => approvalOf(account, sessions[i]!, id)));
      const replies = await Promise.all(signed.map((body, i) => post('approveWithdrawal', body, sessions[i])));
      expect(replies.map((r) => (r.body.data as { outcome?: string } | undefined)?.outcome).sort()).toEqual(['approved', 'recorded']);
      expect((await post('withdrawalDetail', { id }, boss)).body.data).toMatchObject({
        status: 'audit-successful',
        approvals: [expect.any(Object), expect.any(Object)],
      });
    }
    await post('setApprovalThreshold', { amount: '10000' }, boss);
  });
});

describe('banner images', () => {
  it('uploads an image (re-encoded, served to members), refuses what is not one', async () => {
    const editor = await signIn(await operator(['editor']));
    const png = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#3366ff' } })
      .png()
      .toBuffer();
    const up = await post('uploadBannerImage', { name: 'blue.png', base64: png.toString('base64') }, editor);
    expect(up.body.ok).toBe(true);
    const path = String((up.body.data as { path: string }).path);
    expect(path).toMatch(new RegExp(`^${s.config.links.api}/media/banners/[0-9a-f]{32}\\.jpg$`));
    const served = await s.app.request(new URL(path).pathname);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(40);
    expect((await post('addBanner', { image: path, titles: { zh: '蓝' } }, editor)).body.data).toMatchObject({ image: path });
    const text = await post('uploadBannerImage', { base64: Buffer.from('<svg onload=alert(1)>').toString('base64') }, editor);
    expect(text.body.error).toMatchObject({ code: 'invalidInput', fields: { base64: expect.any(String) } });
    expect((await s.app.request('/media/banners/0123456789abcdef0123456789abcdef.jpg')).status).toBe(404);
    expect((await auditRows('uploadBannerImage')).length).toBe(1);
  });
});

describe('the console’s other screens', () => {
  it('answers mail, publishes content, shows members and health', async () => {
    const bossAccount = await operator(['admin']);
    const boss = await signIn(bossAccount);
    const m = await member('10');
    expect((await post('mailSend', { to: m.address, title: 'Hello', content: 'Welcome' }, boss)).body.data).toMatchObject({ count: 1 });
    expect((await post('memberMail', { address: m.address }, boss)).body.ok).toBe(true);
    expect((await post('member', { address: m.address }, boss)).body.data).toMatchObject({
      address: m.address,
      balance: parseEther('10').toString(),
      founder: false,
    });
    expect((await post('setFounder', { address: m.address, founder: true }, boss)).body.data).toMatchObject({ founder: true });
    expect((await post('members', { address: m.address.slice(0, 10) }, boss)).body.data).toMatchObject({ total: expect.any(Number) });
    expect((await post('memberLedger', { address: m.address }, boss)).body.data).toMatchObject({ total: 1 });
    expect((await post('addLevel', { amount: '100', periods: [{ days: 30, percent: '0.5' }] }, boss)).body.data).toMatchObject({
      amount: parseEther('100').toString(),
      periods: [{ days: 30, percent: '0.5' }],
    });
    // A level's bounds as the CLI's level.add has them (lib/money.ts AMOUNT_BOUNDS.level): more than zero, below a billion WLD.
    expect((await post('addLevel', { amount: '0', periods: [{ days: 30, percent: '0.5' }] }, boss)).body.error).toMatchObject({
      code: 'invalidInput',
      fields: { amount: 'more than zero WLD' },
    });
    expect((await post('addLevel', { amount: '1000000000', periods: [{ days: 30, percent: '0.5' }] }, boss)).body.error).toMatchObject({
      code: 'invalidInput',
      fields: { amount: 'below 1000000000 WLD' },
    });
    expect((await post('addBanner', { image: '/banners/a.png', link: 'javascript:alert(1)', titles: { zh: '横幅' } }, boss)).body.error!.code).toBe(
      'invalidInput',
    );
    const banner = await post('addBanner', { image: '/banners/a.png', link: '#/notice', position: 1, titles: { zh: '横幅', en: 'Banner' } }, boss);
    expect(banner.body.data).toMatchObject({ image: '/banners/a.png', titles: { zh: '横幅', en: 'Banner' } });
    expect((await post('removeBanner', { id: (banner.body.data as { id: string }).id }, boss)).body.ok).toBe(true);
    expect((await post('setAgreement', { texts: { zh: '<p>协议</p>', en: '<p>Agreement</p>' } }, boss)).body.ok).toBe(true);
    expect((await post('agreement', {}, boss)).body.data).toMatchObject({ texts: { zh: '<p>协议</p>', en: '<p>Agreement</p>' } });
    expect((await post('setCommunityRule', { rule: 'member' }, boss)).body.data).toMatchObject({ rule: 'member' });
    expect((await post('rules', {}, boss)).body.ok).toBe(true);
    expect((await post('ledgerCheck', {}, boss)).body.data).toMatchObject({ ok: true });
    expect((await post('health', {}, boss)).body.data).toMatchObject({
      ledger: { ok: true },
      payouts: { flagged: 0 },
      indexer: { chainHead: expect.stringMatching(/^\d+$/) },
      mail: { emailsQueued: 0, emailsFailed: 0, lastEmailError: null },
    });
    s.clock.advance(86_400_000);
    const run = await admin.request('/admin/jobs/run', { method: 'POST', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(((await run.json()) as { result: { ran: boolean } }).result.ran).toBe(true);
    const again = await signIn(bossAccount); // the session (12 h) ended with the day
    expect((await post('health', {}, again)).body.data).toMatchObject({
      dailyJob: { lastRunAt: s.clock.now().toISOString(), durationMs: expect.any(Number), ok: true },
    });
    expect((await post('operators', {}, again)).body.data).toEqual(
      expect.arrayContaining([expect.objectContaining({ address: bossAccount.address, roles: ['admin'] })]),
    );
  });
});
