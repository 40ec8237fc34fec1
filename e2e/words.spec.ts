// States whose words once confused members, and the screens that show them in every language (screenshots under
// $SHOTS_DIR, default /tmp/shots-words36). Accounts 70-73, funded by joinAndStake / fundAccount beyond the ten of the deploy.
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { parseEther } from 'viem';
import { fundAccount } from '../stack/fund';
import { advanceDays, apiUser } from './support/api';
import { ROOT, admin, connect, goTo as go, open, signedIn, signedInPage, withWallet } from './support/stack';
import { joinAndStake } from './support/team';
import { LOOKS as RUNS } from './support/looks';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-words36';
const UPGRADER = 70;
const SENDER = 71;
const RECEIVER = 72;
const REDEEMER = 73;

/** A registered member (a root) with `wld` WLD recharged and credited, not staked. */
async function memberWith(account: number, wld: string) {
  const user = apiUser(account);
  await fundAccount(process.env.CHAIN_URL!, account, wld);
  await admin('root.add', user.address);
  await user.login();
  await user.recharge(wld);
  await expect
    .poll(async () => BigInt((await user.call<{ balance: string }>('userapi/getBalance')).balance), { timeout: 30_000 })
    .toBeGreaterThanOrEqual(parseEther(wld));
  return user;
}

test('an upgrade the balance cannot pay offers the wallet before any signature', async ({ page, context }) => {
  test.setTimeout(120_000);
  // 100 WLD staked, nothing left: the 500 WLD level needs 400 more.
  await joinAndStake({ account: UPGRADER, wld: '100', days: '7' });
  const wallet = await withWallet(context, { account: UPGRADER });
  await open(page, '/');
  await connect(page);
  await signedIn(page);
  await go(page, '/pledge/record', 'PledgeRecord');
  const record = page.locator('[data-testid^="record-"]').first();
  await record.getByTestId('action-upgrade').click();
  await page.getByTestId('upgrade-level-2').click();
  const signaturesBefore = wallet.requests.filter((m) => m === 'personal_sign').length;
  await page.getByTestId('upgrade-submit').click();
  const dialog = page.getByTestId('confirm-dialog');
  await expect(dialog).toContainText('余额不足以质押该档位');
  expect(wallet.requests.filter((m) => m === 'personal_sign').length).toBe(signaturesBefore);
  await dialog.getByRole('button', { name: '去钱包' }).click();
  await expect(page.locator('[data-screen="Wallet"]')).toBeVisible();
  expect(wallet.requests.filter((m) => m === 'personal_sign').length).toBe(signaturesBefore);
});

test('a transfer shows the available balance and lands on the transfers tab with the transfer made', async ({ page, context }) => {
  test.setTimeout(150_000);
  await memberWith(SENDER, '20');
  const receiver = apiUser(RECEIVER);
  await receiver.register(ROOT);
  await withWallet(context, { account: SENDER });
  await open(page, '/');
  await connect(page);
  await signedIn(page);
  // The wallet open on another tab first, as a member would have it: it stays mounted while the transfer page is open.
  await go(page, '/wallet', 'Wallet');
  await page.getByTestId('records-tab-withdraw').click();
  await page.getByTestId('transfer').click();
  await expect(page.locator('[data-screen="WalletTransfer"]')).toBeVisible();
  await expect(page.getByTestId('transfer-available')).toHaveText('可用余额：20.00 WLD');
  await page.getByTestId('transfer-to').fill(receiver.address);
  await page.getByTestId('transfer-amount').fill('5');
  await page.getByTestId('transfer-submit').click();
  await page.getByTestId('transfer-confirm-submit').click();
  await expect(page.locator('[data-screen="Wallet"]')).toBeVisible({ timeout: 60_000 });
  expect(new URL(page.url()).hash).toBe('#/wallet?records=transfer');
  await expect(page.getByTestId('records-tab-transfer')).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('[data-testid^="transfer-record-"]').first()).toContainText('5.00');
});

/** A page in the run's language and size, signed in as `account` (already registered). */
const runPage = (browser: Browser, run: (typeof RUNS)[number], account: number) =>
  signedInPage(browser, { account, locale: run.locale, viewport: { width: run.width, height: run.height } });

test('a redeemed stake says redeemed, the open one its deadline, and the expiry notice offers to redeem; the touched screens in four languages', async ({
  browser,
}) => {
  test.setTimeout(420_000);
  // Two 7-day stakes end; one is redeemed at once, the other waits in its window; a third, new, is active.
  const member = await joinAndStake({ account: REDEEMER, wld: '100', days: '7' });
  await fundAccount(process.env.CHAIN_URL!, REDEEMER, '100');
  await member.recharge('100');
  await expect.poll(async () => (await member.call<{ balance: string }>('userapi/getBalance')).balance, { timeout: 30_000 }).toBe(parseEther('100').toString());
  const waiting = await member.stake('100', '7');
  await advanceDays(7.01);
  await member.login();
  type Records = { list: { pledge_id: string; status: string; state: string; redeem_by: string; end_time: string }[] };
  const records = await member.call<Records>('investapi/getInvestList', { page: '1', limit: '10' });
  const redeemed = records.list.find((r) => r.pledge_id !== waiting.pledge_id)!;
  const open = records.list.find((r) => r.pledge_id === waiting.pledge_id)!;
  expect(Number(open.redeem_by) - Number(open.end_time)).toBe(86_400);
  for (const purpose of ['applyRedeem', 'confirmRedeem'] as const) {
    const fields = { pledge_id: redeemed.pledge_id };
    await member.call(`investapi/${purpose}`, { ...fields, ...(await member.signed(purpose, fields)) });
  }
  await member.stake('100', '7');
  // A mail for the From line.
  await member.call('mailapi/sendMail', { title: 'Hello', content: 'A question about my stake.' });
  const mails = await member.call<{ list: { id: string }[] }>('mailapi/getMailList', { page: '1', limit: '10', type: 'sent' }).catch(() => ({ list: [] }));

  mkdirSync(SHOTS, { recursive: true });
  for (const run of RUNS) {
    const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${run.locale}-${run.width}-${name}.png` });
    const { page, close } = await runPage(browser, run, REDEEMER);
    // The expiry notice of the stake still in its window: its deadline and 'redeem now'.
    const dialog = page.getByTestId('expiry-dialog');
    await expect(dialog).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('expiry-deadline')).toBeVisible();
    await shot(page, 'home-expiry');
    // Closed for this visit only (a refused closeExpire): the server keeps the notice for the next language's run.
    await page.route('**/investapi/closeExpire', (route) => route.fulfill({ status: 500, body: 'down' }));
    await page.getByTestId('expiry-close').click();
    await expect(dialog).toBeHidden();
    // The records: redeemed, redeemable with its deadline, active.
    await go(page, '/pledge/record', 'PledgeRecord');
    await expect(page.getByTestId(`record-${redeemed.pledge_id}`).getByTestId('record-state')).toHaveAttribute('data-label', 'redeemed');
    await expect(page.getByTestId(`record-${open.pledge_id}`).getByTestId('record-state')).toHaveAttribute('data-label', 'redemption-eligible');
    await page.getByTestId(`record-${open.pledge_id}`).scrollIntoViewIfNeeded();
    await shot(page, 'records');
    await page.getByTestId(`record-${redeemed.pledge_id}`).scrollIntoViewIfNeeded();
    await shot(page, 'records-redeemed');
    // An upgrade the balance cannot pay (about 3.5 WLD of dividends left).
    await page.locator('[data-testid="action-upgrade"]').first().click();
    await page.getByTestId('upgrade-level-4').click();
    await page.getByTestId('upgrade-submit').click();
    await expect(page.getByTestId('confirm-dialog')).toBeVisible();
    await shot(page, 'upgrade-insufficient');
    await page.keyboard.press('Escape');
    // Not found: only the not-found state.
    await go(page, '/notice/detail?id=999999', 'NoticeDetail');
    await expect(page.getByTestId('empty-state')).toBeVisible();
    await shot(page, 'notice-not-found');
    await go(page, '/email/detail?id=999999', 'EmailDetail');
    await expect(page.getByTestId('empty-state')).toBeVisible();
    await shot(page, 'mail-not-found');
    if (mails.list[0]) {
      await go(page, `/email/detail?id=${mails.list[0].id}`, 'EmailDetail');
      await shot(page, 'mail-from');
    }
    await go(page, '/community/creator', 'CommunityCreator');
    await shot(page, 'community-creator');
    await go(page, '/', 'Index');
    await page.getByTestId('menu-button').click();
    await page.getByTestId('side-menu').waitFor();
    await page.locator('[data-locale]').first().scrollIntoViewIfNeeded();
    await shot(page, 'menu-languages');
    await close();

    const sender = await runPage(browser, run, SENDER);
    await go(sender.page, '/', 'Index');
    await shot(sender.page, 'home');
    await go(sender.page, '/wallet/transfer', 'WalletTransfer');
    await expect(sender.page.getByTestId('transfer-available')).toContainText('15.00');
    await shot(sender.page, 'transfer');
    await go(sender.page, '/wallet?records=transfer', 'Wallet');
    await sender.page.getByTestId('records-tab-transfer').scrollIntoViewIfNeeded();
    await shot(sender.page, 'wallet-transfers');
    await sender.close();
  }

  // Closing the notice when the server refuses it still closes it for this visit.
  const { page, close } = await runPage(browser, RUNS[0], REDEEMER);
  await expect(page.getByTestId('expiry-dialog')).toBeVisible({ timeout: 20_000 });
  await page.route('**/investapi/closeExpire', (route) => route.fulfill({ status: 500, body: 'down' }));
  await page.getByTestId('expiry-close').click();
  await expect(page.getByTestId('expiry-dialog')).toBeHidden();
  await go(page, '/share', 'Share');
  await go(page, '/', 'Index');
  await expect(page.getByTestId('expiry-dialog')).toHaveCount(0);
  // 'Redeem now' goes to the records, where the stake is redeemable.
  await page.unroute('**/investapi/closeExpire');
  await page.reload();
  await expect(page.getByTestId('expiry-dialog')).toBeVisible({ timeout: 20_000 });
  await page.getByTestId('expiry-redeem').click();
  await expect(page.locator('[data-screen="PledgeRecord"]')).toBeVisible();
  await expect(page.getByTestId(`record-${open.pledge_id}`).getByTestId('action-applyRedeem')).toBeVisible();
  await close();
});
