import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { type Address, createPublicClient, createWalletClient, decodeFunctionData, http, parseEther, recoverTypedDataAddress } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { LOCAL_TOKEN, LOCAL_VAULT, vaultAbi, wldTokenAbi } from '../abi';
import { anvilAccount } from '../stack/accounts';
import { fundAccount } from '../stack/fund';
import { SESSION_KEYS } from '../lib/storage-keys';
import { apiUser } from './support/api';
import { consoleSession, nameApprovers } from './support/console-api';
import { admin, open, withWallet } from './support/stack';

// The operator's console on the admin app's loopback port, driven against the real stack: operators sign
// in with the test wallet (Sign-In with Ethereum), and what they do reaches the chain and the members' app.
// Accounts 90-97 are this spec's: 90, 91 and 96 members, 92 and 97 auditors, 93 support, 94 editor, 95 admin (words.spec.ts has 70-73).
test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 1280, height: 800 } });

const MEMBER = 90;
const WRITER = 91;
const AUDITOR = 92;
const SUPPORT = 93;
const EDITOR = 94;
const ADMIN = 95;
const LARGE_WITHDRAWER = 96;
const SECOND_AUDITOR = 97;
const SHOTS = process.env.CONSOLE_SHOTS_DIR ?? 'e2e-artifacts/screenshots/console';

const chain = () => ({ ...foundry, id: Number(process.env.CHAIN_ID), rpcUrls: { default: { http: [process.env.CHAIN_URL!] } } });
const client = () => createPublicClient({ chain: chain(), transport: http() });
const wldOf = (address: Address) => client().readContract({ address: LOCAL_TOKEN, abi: wldTokenAbi, functionName: 'balanceOf', args: [address] });
const consoleUrl = () => process.env.CONSOLE_URL!;
/** The EIP-712 payout an approver signs (the Vault's domain on this chain). */
const payoutTyped = (requestId: bigint, requester: Address, amount: bigint) => ({
  domain: { name: 'Vault', version: '1', chainId: Number(process.env.CHAIN_ID), verifyingContract: LOCAL_VAULT },
  types: {
    Payout: [
      { name: 'requestId', type: 'uint256' },
      { name: 'requester', type: 'address' },
      { name: 'amount', type: 'uint256' },
    ],
  },
  primaryType: 'Payout' as const,
  message: { requestId, requester, amount },
});

/** The console in one language from the first load on (its language choice lives in localStorage). */
async function signIn(page: Page, context: BrowserContext, account: number, locale: 'en' | 'zh-CN' = 'en') {
  await withWallet(context, { account });
  await page.addInitScript((l) => window.localStorage.setItem('console.language', l), locale);
  await page.goto(consoleUrl());
  await page.getByRole('button', { name: locale === 'en' ? 'Sign in with wallet' : '使用钱包登录' }).click();
  await expect(page.locator('[data-operator]:visible')).toHaveAttribute('data-operator', anvilAccount(account).address);
}

const menu = (page: Page) => page.locator('aside nav a[data-section]');

/** A member with `wld` WLD credited, who then asks the Vault to withdraw `amount`; answers the withdrawal's id. */
async function memberWithdraws(account: number, wld: string, amounts: string[]) {
  const member = apiUser(account);
  await fundAccount(process.env.CHAIN_URL!, account, wld);
  await admin('root.add', member.address);
  await member.login();
  await member.recharge(wld);
  await expect.poll(async () => BigInt((await member.call<{ balance: string }>('userapi/getBalance')).balance), { timeout: 30_000 }).toBe(parseEther(wld));
  const wallet = createWalletClient({ chain: chain(), account: anvilAccount(account), transport: http() });
  const fee = await client().readContract({ address: LOCAL_VAULT, abi: vaultAbi, functionName: 'fee' });
  for (const amount of amounts) {
    const hash = await wallet.writeContract({ address: LOCAL_VAULT, abi: vaultAbi, functionName: 'requestWithdraw', args: [parseEther(amount)], value: fee });
    await client().waitForTransactionReceipt({ hash });
  }
  type Pending = { id: number; address: string; amount: string }[];
  let mine: Pending = [];
  await expect
    .poll(
      async () =>
        (mine = (((await admin('withdrawals.pending')).result ?? []) as Pending).filter((w) => w.address.toLowerCase() === member.address.toLowerCase()))
          .length,
      { timeout: 30_000 },
    )
    .toBe(amounts.length);
  return { member, ids: mine.map((w) => String(w.id)) };
}

test('operator console: an auditor approves a withdrawal by signing its payout (EIP-712), and it is paid on chain with that signature', async ({
  page,
  context,
}) => {
  test.setTimeout(240_000);
  const { member, ids } = await memberWithdraws(MEMBER, '100', ['40', '15']);
  const [first] = ids as [string, string];
  await admin('operator.add', anvilAccount(AUDITOR).address, 'auditor', 'e2e auditor');
  await nameApprovers(AUDITOR); // the Vault's owner names the auditor an approver: the Vault checks their signature
  const before = await wldOf(member.address);

  await signIn(page, context, AUDITOR);
  // An auditor sees withdrawals, health and the audit log: no rules, operators, content or members.
  await expect(menu(page)).toHaveText(['Withdrawals', 'Health', 'Audit log']);
  await page.locator(`tr[data-row="${first}"]`).click();
  const detail = page.locator(`[data-withdrawal="${first}"]`);
  // Under review, the payout says what is true: nothing is paid yet (not 'not approved').
  await expect(detail.locator('[data-payout]')).toHaveText('Under review, not paid yet');
  for (const [locale, text] of [
    ['zh-CN', '审核中，未打款'],
    ['en', 'Under review, not paid yet'],
  ] as const) {
    const phone = await context.browser()!.newContext({ viewport: { width: 390, height: 844 } });
    const small = await phone.newPage();
    await signIn(small, phone, AUDITOR, locale);
    await small.locator(`[data-row="${first}"]:visible`).click();
    await expect(small.locator(`[data-withdrawal="${first}"] [data-payout]`)).toHaveText(text);
    await small.screenshot({ path: `${SHOTS}/withdrawal-under-review-${locale}-390.png`, fullPage: true });
    await phone.close();
  }
  await expect(detail).toContainText('40.00 WLD');
  await expect(detail).toContainText(member.address);
  await page.screenshot({ path: `${SHOTS}/withdrawal-detail-en-1280.png`, fullPage: true });

  await detail.getByRole('button', { name: 'Approve' }).click();
  const dialog = page.getByRole('dialog');
  // The readable summary names the withdrawal, the member, the amount and the Vault's request; the wallet signs
  // the typed data it describes (eth_signTypedData_v4), which the Vault checks when it pays.
  await expect(dialog.locator('pre')).toContainText(member.address);
  await expect(dialog.locator('pre')).toContainText('40');
  await expect(dialog.locator('pre')).toContainText(`Vault: ${LOCAL_VAULT}`);
  await page.screenshot({ path: `${SHOTS}/withdrawal-approve-en-1280.png` });
  await dialog.getByRole('button', { name: 'Sign and approve' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Withdrawal approved' })).toBeVisible();

  // The payout job pays it on the Vault; the detail (read again every 3 s) shows the hash once it is paid.
  await expect(detail.locator('[data-payout="paid"]')).toBeVisible({ timeout: 90_000 });
  const hash = (await detail.locator('[data-payout="paid"] .font-mono').innerText()).trim() as `0x${string}`;
  expect((await client().getTransactionReceipt({ hash })).status).toBe('success');
  const payout = decodeFunctionData({ abi: vaultAbi, data: (await client().getTransaction({ hash })).input });
  if (payout.functionName !== 'payout') throw new Error(`the payout transaction called ${payout.functionName}`);
  const [requestId, , signatures] = payout.args;
  expect(await recoverTypedDataAddress({ ...payoutTyped(requestId, member.address, parseEther('40')), signature: signatures[0]! })).toBe(
    anvilAccount(AUDITOR).address,
  );
  expect(await wldOf(member.address)).toBe(before + parseEther('40'));

  // The second one is still under review; the history shows the paid one with its hash.
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.locator(`tr[data-row="${first}"]`)).toContainText('Approved');
  await expect(page.locator(`tr[data-row="${first}"] [data-payout="paid"]`)).toBeVisible();
});

test('operator console: an auditor cannot change a rule: the server refuses it', async ({ page, context }) => {
  await signIn(page, context, AUDITOR);
  // The page offers no rules to an auditor, not even by address...
  await page.goto(`${consoleUrl()}#/rules`);
  await expect(page.locator('[data-console-section="withdrawals"]')).toBeVisible();
  await expect(page.locator('a[data-section="rules"]')).toHaveCount(0);
  // ...and the server refuses the call itself, with its message, changing nothing.
  const { call, withoutToken } = await consoleSession(AUDITOR);
  const refused = await call('setRule', { key: 'static_rate', value: '9' });
  expect(refused.status).toBe(403);
  const body = (await refused.json()) as { ok: boolean; error: { code: string; message: string } };
  expect(body).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  expect(body.error.message.length).toBeGreaterThan(0);
  const audit = (await (await call('audit', { action: 'setRule' })).json()) as { data: { total: number } };
  expect(audit.data.total).toBe(0);
  // The same session without its CSRF token is refused even what its role may do.
  const noToken = await withoutToken('withdrawalQueue', {});
  expect(noToken.status).toBe(403);
  expect(await noToken.json()).toMatchObject({ ok: false, error: { code: 'csrf' } });
});

test("operator console: a support operator answers a member's mail and the member sees the reply", async ({ page, context }) => {
  test.setTimeout(120_000);
  const writer = apiUser(WRITER);
  await admin('root.add', writer.address);
  await writer.login();
  const { id } = await writer.call<{ id: string }>('mailapi/sendMail', { title: 'Where is my payout?', content: 'I asked for a withdrawal yesterday.' });
  await admin('operator.add', anvilAccount(SUPPORT).address, 'support', 'e2e support');

  await signIn(page, context, SUPPORT);
  await expect(menu(page)).toHaveText(['Mail', 'Community applications', 'Members', 'Health', 'Audit log']);
  await page.locator('tr[data-row]').filter({ hasText: 'Where is my payout?' }).click();
  await expect(page.locator('[data-thread]')).toContainText('I asked for a withdrawal yesterday.');
  await page.locator('textarea[name="reply"]').fill('It was paid this morning; see your wallet.');
  await page.screenshot({ path: `${SHOTS}/mail-thread-en-1280.png`, fullPage: true });
  await page.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Reply sent' })).toBeVisible();
  await expect(page.locator('[data-thread]')).toContainText('It was paid this morning; see your wallet.');

  // The member reads the answer in their own mail (the members' API, as the app shows it).
  await expect
    .poll(async () => (await writer.call<{ reply: string | null }>('mailapi/getMailDetail', { id })).reply, { timeout: 15_000 })
    .toContain('It was paid this morning');

  // Bad input: the server's message is shown and nothing is sent.
  await page.getByRole('tab', { name: 'Send a message' }).click();
  await page.locator('input[name="to"]').fill('0x1234');
  await page.locator('input[name="title"]').fill('Hello');
  await page.locator('textarea[name="content"]').fill('Text');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.locator('[data-console-section="mail"] [role="alert"]')).not.toBeEmpty();
});

test('operator console: an editor publishes a notice in two languages and the app shows it', async ({ page, context, browser }) => {
  test.setTimeout(120_000);
  await admin('operator.add', anvilAccount(EDITOR).address, 'editor', 'e2e editor');
  await signIn(page, context, EDITOR);
  await expect(menu(page)).toHaveText(['Content', 'Health', 'Audit log']);
  await page.getByRole('button', { name: 'New notice' }).click();
  await page.locator('input[name="title-zh"]').fill('控制台发布的公告');
  await page.locator('textarea[name="content-zh"]').fill('<p>由<b>控制台</b>发布</p>');
  await page.locator('input[name="title-en"]').fill('Notice from the console');
  await page.locator('textarea[name="content-en"]').fill('<p>Published from the <b>console</b></p>');
  // The preview shows it as the app will.
  await expect(page.locator('[data-language="en"] [data-preview]')).toContainText('Published from the console');
  await page.screenshot({ path: `${SHOTS}/notice-editor-en-1280.png`, fullPage: true });
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  await expect(page.locator('tr[data-row]').first()).toContainText('控制台发布的公告');

  // The members' app, in Chinese and in English.
  const app = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const member = await app.newPage();
  await open(member, '/');
  await expect(member.getByTestId('notice-ticker')).toContainText('控制台发布的公告', { timeout: 15_000 });
  await member.evaluate((key) => sessionStorage.setItem(key, 'en'), SESSION_KEYS.language);
  await member.reload();
  await expect(member.getByTestId('notice-ticker')).toContainText('Notice from the console', { timeout: 15_000 });
  await app.close();
});

test('operator console: the audit log shows each action, with who did it', async ({ page, context }) => {
  await admin('operator.add', anvilAccount(ADMIN).address, 'admin', 'e2e admin');
  await signIn(page, context, ADMIN);
  await page.locator('aside a[data-section="audit"]').click();
  const log = page.locator('[data-console-section="audit"]');
  for (const [action, operator] of [
    ['withdrawal.approve', AUDITOR],
    ['mailReply', SUPPORT],
    ['saveNotice', EDITOR],
  ] as const) {
    // Filtered by action on the server.
    await log.getByLabel('Action').fill(action);
    const row = log
      .locator('tr[data-row]')
      .filter({ has: page.locator(`[data-action="${action}"]`) })
      .first();
    await expect(row).toBeVisible();
    await expect(row).toContainText(anvilAccount(operator).address.slice(0, 6));
  }
  // Nobody can change it here: the page offers no edit, and the log only grows.
  await log.getByLabel('Action').fill('');
  await expect(log.getByRole('button', { name: /edit|remove|delete/i })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/audit-en-1280.png`, fullPage: true });
});

test('operator console: above the approval threshold a withdrawal waits for a second auditor, and only then is paid', async ({ page, context, browser }) => {
  test.setTimeout(240_000);
  const settings = (await consoleSession(ADMIN)).call;
  expect((await settings('setApprovalThreshold', { amount: '20' })).status).toBe(200);
  try {
    // Both auditors approve from before the request: a newer one would wait out the cooling period.
    await admin('operator.add', anvilAccount(SECOND_AUDITOR).address, 'auditor', 'e2e second auditor');
    await nameApprovers(SECOND_AUDITOR);
    const { member, ids } = await memberWithdraws(LARGE_WITHDRAWER, '50', ['30']);
    const id = ids[0]!;
    const before = await wldOf(member.address);
    const approveAs = async (at: Page) => {
      const detail = at.locator(`[data-withdrawal="${id}"]`);
      await at.locator(`tr[data-row="${id}"]`).click();
      await detail.getByRole('button', { name: 'Approve' }).click();
      await at.getByRole('dialog').getByRole('button', { name: 'Sign and approve' }).click();
      return detail;
    };

    // The first auditor's signature is recorded, and the withdrawal stays under review: nothing is paid.
    await signIn(page, context, AUDITOR);
    const detail = await approveAs(page);
    await expect(page.getByRole('status').filter({ hasText: 'Approval recorded (1/2); another operator must approve too' })).toBeVisible();
    await expect(detail).toContainText('1/2');
    await page.screenshot({ path: `${SHOTS}/withdrawal-two-person-en-1280.png`, fullPage: true });
    expect(((await admin('withdrawals.pending')).result as { id: number }[]).map((w) => String(w.id))).toContain(id);
    // The same auditor again is refused with the server's reason, and still nothing moves.
    await detail.getByRole('button', { name: 'Approve' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Sign and approve' }).click();
    await expect(dialog).toContainText('You already approved this withdrawal: another operator must approve it');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await wldOf(member.address)).toBe(before);

    // A second auditor, in a browser of their own, completes it, and the payout job pays it on chain once.
    const other = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const second = await other.newPage();
      await signIn(second, other, SECOND_AUDITOR);
      const seen = await approveAs(second);
      await expect(second.getByRole('status').filter({ hasText: 'Withdrawal approved' })).toBeVisible();
      await expect(seen.locator('[data-payout="paid"]')).toBeVisible({ timeout: 90_000 });
      await expect(seen).toContainText('2/2');
    } finally {
      await other.close();
    }
    expect(await wldOf(member.address)).toBe(before + parseEther('30'));
  } finally {
    await settings('setApprovalThreshold', { amount: '10000' });
  }
});

test('operator console: making an admin takes a second admin, who confirms it on the Operators page', async ({ page, context }) => {
  const DEPLOYER = 0; // the local stack's admin operator (stack/console-operator.ts)
  const proposer = (await consoleSession(ADMIN)).call;
  const newAdmin = privateKeyToAccount(generatePrivateKey()).address;
  const proposed = (await (await proposer('addOperator', { address: newAdmin, roles: ['admin'], note: 'e2e new admin' })).json()) as {
    data: { outcome: string; grant: { id: string } };
  };
  expect(proposed.data.outcome).toBe('pending');
  // The proposer's own confirmation is refused; nothing changed.
  expect((await (await proposer('confirmAdminGrant', { id: proposed.data.grant.id })).json()) as object).toMatchObject({
    ok: false,
    error: { code: 'sameOperator' },
  });

  await signIn(page, context, DEPLOYER);
  await page.locator('aside a[data-section="operators"]').click();
  const grant = page.locator(`tr[data-row="${proposed.data.grant.id}"]`);
  await expect(grant).toContainText(newAdmin);
  await grant.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Admin grant confirmed' })).toBeVisible();
  await expect(page.locator(`tr[data-row="${newAdmin}"]`)).toContainText('e2e new admin');
  // One left waiting, for the screenshots: the admin who proposed it sees no Confirm button of their own.
  await expect(
    (await (
      await (await consoleSession(DEPLOYER)).call('addOperator', { address: privateKeyToAccount(generatePrivateKey()).address, roles: ['admin'] })
    ).json()) as object,
  ).toMatchObject({ ok: true, data: { outcome: 'pending' } });
  await page.reload();
  await expect(page.locator('[data-console-section="operators"] tr[data-row]').getByText('Yours: another admin confirms')).toBeVisible();
});

test('operator console screens: every section at 1280x800 and 390x844, in Simplified Chinese and English', async ({ browser }) => {
  test.setTimeout(300_000);
  for (const locale of ['zh-CN', 'en'] as const) {
    for (const [width, height] of [
      [1280, 800],
      [390, 844],
    ] as const) {
      const context = await browser.newContext({ viewport: { width, height } });
      const page = await context.newPage();
      await signIn(page, context, ADMIN, locale);
      for (const section of ['withdrawals', 'mail', 'community', 'content', 'rules', 'members', 'health', 'operators', 'audit']) {
        await page.goto(`${consoleUrl()}#/${section}`);
        const view = page.locator(`[data-console-section="${section}"]`);
        await expect(view).toBeVisible();
        await expect(view.locator('[role="status"]')).toHaveCount(0, { timeout: 15_000 });
        if (section === 'withdrawals' || section === 'members') await view.locator('[data-row]:visible').first().click();
        await page.screenshot({ path: `${SHOTS}/${section}-${locale}-${width}.png`, fullPage: true });
      }
      await context.close();
    }
  }
});
