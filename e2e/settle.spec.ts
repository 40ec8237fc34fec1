import type { Browser, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { parseEther } from 'viem';
import type { RechargeRecord } from '../lib/api/replies';
import { fundAccount } from '../stack/fund';
import { apiUser, holdIndexer } from './support/api';
import { E2E_SETTLEMENT_BOUND_MS } from './support/global-setup';
import { holdsFor } from './support/quiet';
import { admin, connect, open, signedIn, signedInPage, withWallet } from './support/stack';

// Accounts 110–116 are this spec's (funded here: the local deploy funds the first ten only).
const shots = 'e2e-artifacts/screenshots';
const WORDS = {
  'zh-CN': {
    waiting: '仍在等待确认：确认后会显示在您的记录中。',
    records: '查看记录',
    recharged: '充值成功',
    transferred: '转账成功',
    withdrawn: '提现申请已提交，等待审核',
    credited: '已到账',
  },
  en: {
    waiting: 'Still waiting for confirmation: it will appear in your records.',
    records: 'View records',
    recharged: 'Recharge successful',
    transferred: 'Transfer successful',
    withdrawn: 'Withdrawal request submitted',
    credited: 'Credited',
  },
} as const;
type Locale = keyof typeof WORDS;

const sends = (requests: string[]) => requests.filter((m) => m === 'eth_sendTransaction').length;
type Toasts = { settleToasts: string[] };
/** Every toast the page shows, however briefly (a success toast lasts a moment), in order. */
const recordToasts = (page: Page) =>
  page.addInitScript(() => {
    const seen: string[] = ((window as unknown as Toasts).settleToasts = []);
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll('[data-testid="toast"]')) if (seen.at(-1) !== toast.textContent) seen.push(toast.textContent ?? '');
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
const toastsSeen = (page: Page) => page.evaluate(() => (window as unknown as Toasts).settleToasts);
/** No toast has said `text` since the page loaded, at any look until the settlement bound (and a margin) has passed. */
const neverSays = (page: Page, text: string) =>
  holdsFor(E2E_SETTLEMENT_BOUND_MS + 2_000, async () => expect((await toastsSeen(page)).filter((shown) => shown.includes(text))).toEqual([]));

test.afterEach(() => holdIndexer(false));

/**
 * A page of its own for `account` in `locale`, every toast recorded, opened on the wallet and signed in. The two
 * languages of a case run side by side in one test, so they share one held-indexer window and one wait for the bound.
 */
async function walletPage(browser: Browser, locale: Locale, account: number) {
  const opened = await signedInPage(browser, { account, locale, viewport: { width: 390, height: 844 }, hash: '/wallet', beforeOpen: recordToasts });
  return { ...opened, locale, words: WORDS[locale] };
}
type WalletPage = Awaited<ReturnType<typeof walletPage>>;
/** `each` for zh-CN on the first account and en on the second, side by side, once both are funded (one after the other: the deployer's mints take turns for its nonce). */
async function bothLanguages<T>(each: (locale: Locale, account: number) => Promise<T>, accounts: readonly [number, number]) {
  for (const account of accounts) await fundAccount(process.env.CHAIN_URL!, account, '100');
  return Promise.all([each('zh-CN', accounts[0]), each('en', accounts[1])]);
}

test("a recharge the ledger has not credited within the bound says it is still waiting, with its records' link, never success", async ({ browser }) => {
  test.setTimeout(120_000);
  const pages = await bothLanguages(
    async (locale, account) => {
      await admin('root.add', apiUser(account).address);
      return walletPage(browser, locale, account);
    },
    [110, 111],
  );

  await holdIndexer(true);
  const waited = async ({ page, wallet, words, locale }: WalletPage) => {
    await page.getByTestId('recharge-amount').fill('25');
    await page.getByTestId('recharge-submit').click();
    const progress = page.getByTestId('recharge-progress');
    await expect(progress).toHaveAttribute('data-stage', 'crediting', { timeout: 30_000 });
    const sent = sends(wallet.requests);
    expect(sent).toBe(2); // approve, then recharge
    // While it is waited for, the form takes no second recharge: the field is empty and the button disabled.
    await expect(page.getByTestId('recharge-amount')).toHaveValue('');
    await expect(page.getByTestId('recharge-submit')).toBeDisabled();
    await page.getByTestId('recharge-submit').click({ force: true });
    await neverSays(page, words.recharged);
    await expect(page.getByTestId('still-waiting')).toContainText(words.waiting);
    await expect(progress).toHaveAttribute('data-stage', 'crediting');
    await expect(page.getByTestId('recharge-submit')).toBeEnabled();
    expect(sends(wallet.requests)).toBe(sent);
    await page.screenshot({ path: `${shots}/settle-recharge-waiting-${locale}.png` });

    // The link opens the recharge records.
    await page.getByTestId('still-waiting-records').click();
    await expect(page).toHaveURL(/#\/wallet\?records=recharge$/);
    await expect(page.getByTestId('records-tab-recharge')).toHaveAttribute('aria-selected', 'true');
  };
  await Promise.all(pages.map(waited));

  // Once the indexer goes on, each recharge shows in its records, credited.
  await holdIndexer(false);
  await Promise.all(
    pages.map(async ({ page, words, close }) => {
      await expect(async () => {
        await page.reload();
        await expect(page.locator('[data-testid^="recharge-record-"]').first()).toContainText(words.credited, { timeout: 3_000 });
      }).toPass({ timeout: 30_000 });
      await close();
    }),
  );
});

test('a recharge the ledger credits within the bound says success, with no still-waiting notice; its record is credited', async ({ page, context }) => {
  test.setTimeout(90_000);
  await fundAccount(process.env.CHAIN_URL!, 112, '100');
  const wallet = await withWallet(context, { account: 112 });
  await admin('root.add', wallet.address);
  await open(page, '/wallet');
  await connect(page);
  await signedIn(page);
  await page.getByTestId('recharge-amount').fill('10');
  await page.getByTestId('recharge-submit').click();
  await expect(page.getByTestId('toast')).toContainText(WORDS['zh-CN'].recharged, { timeout: 30_000 });
  await expect(page.getByTestId('still-waiting')).toHaveCount(0);
  await expect(page.getByTestId('app-balance')).toHaveText(/^10\.00/);
  // The member's own session from Node, after the app's (a login replaces the address's earlier session).
  const member = apiUser(112);
  await member.login();
  const { list } = await member.call<{ list: RechargeRecord[] }>('walletapi/getRechargeList', { page: '1', limit: '5' });
  expect(list[0]).toMatchObject({ amount: parseEther('10').toString(), credited: true });
});

test('a transfer and a withdrawal mined but not recorded within the bound say they are still waiting, never success', async ({ browser }) => {
  test.setTimeout(150_000);
  // The receiver, a member (both languages transfer to it).
  const receiver = apiUser(116);
  if (!(await admin('user.find', receiver.address)).result) await admin('root.add', receiver.address);
  const pages = await bothLanguages(
    async (locale, account) => {
      const sender = apiUser(account);
      await admin('root.add', sender.address);
      await sender.login();
      await sender.recharge('50');
      await expect
        .poll(async () => (await sender.call<{ balance: string }>('userapi/getBalance')).balance, { timeout: 30_000 })
        .toBe(parseEther('50').toString());
      const opened = await walletPage(browser, locale, account);
      await opened.page.evaluate(() => (window.location.hash = '/wallet/transfer'));
      return { ...opened, sender };
    },
    [113, 114],
  );

  await holdIndexer(true);
  await Promise.all(
    pages.map(async ({ page, wallet, words, locale }) => {
      await page.getByTestId('transfer-to').fill(receiver.address);
      await page.getByTestId('transfer-amount').fill('10');
      await page.getByTestId('transfer-submit').click();
      await page.getByTestId('transfer-confirm-submit').click();
      const progress = page.getByTestId('transfer-progress');
      await expect(progress).toHaveAttribute('data-stage', 'recording', { timeout: 30_000 });
      await expect(page.getByTestId('transfer-submit')).toBeDisabled();
      await neverSays(page, words.transferred);
      await expect(page.getByTestId('still-waiting')).toContainText(words.waiting);
      await expect(page.getByTestId('transfer-amount')).toHaveValue('');
      await expect(page.locator('[data-screen="Wallet"]')).toBeHidden();
      expect(sends(wallet.requests)).toBe(1);
      await page.screenshot({ path: `${shots}/settle-transfer-waiting-${locale}.png` });

      // The link leads to the transfers tab of the wallet.
      await page.getByTestId('still-waiting-records').click();
      await expect(page).toHaveURL(/#\/wallet\?records=transfer$/);
      await expect(page.getByTestId('records-tab-transfer')).toHaveAttribute('aria-selected', 'true');

      // A withdrawal the same way, on the wallet screen.
      await page.getByTestId('money-tab-withdraw').click();
      await page.getByTestId('withdraw-amount').fill('5');
      await page.getByTestId('withdraw-submit').click();
      await expect(page.getByTestId('withdraw-progress')).toHaveAttribute('data-stage', 'recording', { timeout: 30_000 });
      await expect(page.getByTestId('withdraw-submit')).toBeDisabled();
      await neverSays(page, words.withdrawn);
      await expect(page.getByTestId('withdraw-progress').getByTestId('still-waiting')).toContainText(words.waiting);
    }),
  );

  // Released, the indexer records both: each sender's balance is down by the two amounts (read with a session of
  // its own from Node, after the app's).
  await holdIndexer(false);
  await Promise.all(
    pages.map(async ({ sender, close }) => {
      await sender.login();
      await expect
        .poll(async () => (await sender.call<{ balance: string }>('userapi/getBalance')).balance, { timeout: 30_000 })
        .toBe(parseEther('35').toString());
      await close();
    }),
  );
});
