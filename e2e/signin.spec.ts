import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { shortenAddress } from '../lib/address-text';
import { LOCAL_KEYS, SESSION_KEYS } from '../lib/storage-keys';
import { anvilAccount } from '../stack/accounts';
import { apiUser } from './support/api';
import { ROOT, connect, open, signedIn, withWallet } from './support/stack';
import type { TestWallet } from './support/wallet';

// Signing in again after a declined signature, signing out, switching account, the remembered language.
// Accounts 65-68 and 74-77 are this spec's.
const shots = 'e2e-artifacts/screenshots';
const signatures = (wallet: TestWallet) => wallet.requests.filter((m) => m === 'personal_sign').length;
const inLanguage = (page: Page, locale: string) =>
  page.addInitScript(([key, value]) => window.sessionStorage.setItem(key, value), [SESSION_KEYS.language, locale] as const);
const DECLINED = { en: 'The sign-in signature was declined', 'zh-CN': '登录签名被拒绝' } as const;
const SIGN_IN = { en: 'Sign in', 'zh-CN': '登录' } as const;

async function registered(index: number) {
  const member = apiUser(index);
  const exists = await member.call('publicapi/getUserExist').then(
    () => true,
    () => false,
  );
  if (!exists) await member.register(ROOT);
  return member;
}

/**
 * Connects with the sign-in signature declined: the wallet is connected, the page has no session. From the
 * header, or from the sign-in card on a back-type page (whose header has no connect button).
 */
async function declineSignIn(page: Page, wallet: TestWallet, from: 'header' | 'card' = 'header') {
  wallet.rejectNextRequest((method) => method === 'personal_sign');
  if (from === 'header') await connect(page);
  else {
    await page.getByTestId('empty-connect').click();
    await page.getByTestId('connector-dev.test.wallet').click();
  }
  await expect.poll(() => signatures(wallet), { timeout: 15_000 }).toBe(1);
  if (from === 'header') await expect(page.getByTestId('wallet-address')).toBeVisible();
}

for (const [locale, account] of [
  ['en', 65],
  ['zh-CN', 66],
] as const) {
  test(`${locale}: after a declined signature the sign-in card asks for it again, with no reload by hand`, async ({ page, context }) => {
    await registered(account);
    const wallet = await withWallet(context, { account });
    await inLanguage(page, locale);
    await open(page, '/reward');
    await declineSignIn(page, wallet, 'card');
    const card = page.getByTestId('signed-out');
    await expect(card).toContainText(DECLINED[locale]);
    const button = page.getByTestId('empty-connect');
    await expect(button).toHaveText(SIGN_IN[locale]);
    await expect(button).toBeEnabled();
    await page.screenshot({ path: `${shots}/signin-declined-${locale}.png` });
    await button.click();
    await expect.poll(() => signatures(wallet), { timeout: 15_000 }).toBe(2);
    await signedIn(page);
    await expect(page.getByTestId('signed-out')).toHaveCount(0);
  });
}

test('after a declined signature the menu has a Sign in button that asks for it again', async ({ page, context }) => {
  await registered(67);
  const wallet = await withWallet(context, { account: 67 });
  await open(page, '/');
  await declineSignIn(page, wallet);
  await page.getByTestId('menu-button').click();
  await expect(page.getByTestId('menu-signed-out')).toContainText(DECLINED['zh-CN']);
  await page.getByTestId('menu-sign-in').click();
  await expect.poll(() => signatures(wallet), { timeout: 15_000 }).toBe(2);
  await signedIn(page);
  await page.getByTestId('menu-button').click();
  await expect(page.getByTestId('menu-sign-out')).toBeVisible({ timeout: 15_000 });
});

test('after a declined signature Stake asks for it again instead of connecting the connected wallet', async ({ page, context }) => {
  await registered(68);
  const wallet = await withWallet(context, { account: 68 });
  await open(page, '/');
  await declineSignIn(page, wallet);
  await page.getByTestId('stake-1').click();
  await page.getByTestId('agreement-tick').check();
  await page.getByTestId('stake-submit').click();
  await expect.poll(() => signatures(wallet), { timeout: 15_000 }).toBe(2);
  await expect(page.getByText(/already connected/i)).toHaveCount(0);
  await signedIn(page);
  expect(wallet.requests.filter((m) => m === 'eth_requestAccounts').length).toBe(1);
});

for (const [locale, account] of [
  ['en', 74],
  ['zh-CN', 75],
] as const) {
  test(`${locale}: sign out from the menu, then sign in again; the wallet stays connected`, async ({ page, context }) => {
    await registered(account);
    const wallet = await withWallet(context, { account });
    await inLanguage(page, locale);
    const calls = await open(page, '/');
    await connect(page);
    await signedIn(page);
    await page.getByTestId('menu-button').click();
    await expect(page.getByTestId('menu-sign-out')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('side-menu')).toContainText(anvilAccount(account).address);
    await page.screenshot({ path: `${shots}/menu-signed-in-${locale}.png` });
    await page.getByTestId('menu-sign-out').click();
    await expect.poll(() => calls.includes('userapi/logout')).toBe(true);
    await expect
      .poll(() => page.evaluate(([g, a]) => [sessionStorage.getItem(g), sessionStorage.getItem(a)], [SESSION_KEYS.guid, SESSION_KEYS.previousAddress] as const))
      .toEqual([null, null]);
    // Signed out, still connected: the header keeps the address, the menu offers Sign in, member screens the card.
    await expect(page.getByTestId('wallet-address')).toBeVisible();
    await page.getByTestId('menu-button').click();
    await expect(page.getByTestId('menu-sign-in')).toBeVisible();
    await expect(page.getByTestId('menu-sign-out')).toHaveCount(0);
    await page.screenshot({ path: `${shots}/menu-signed-out-${locale}.png` });
    await page.keyboard.press('Escape');
    await page.evaluate(() => (window.location.hash = '/reward'));
    await expect(page.getByTestId('signed-out')).toBeVisible();
    expect(signatures(wallet)).toBe(1);
    await page.getByTestId('empty-connect').click();
    await expect.poll(() => signatures(wallet), { timeout: 15_000 }).toBe(2);
    await signedIn(page);
    await expect(page.getByTestId('signed-out')).toHaveCount(0);
  });
}

test('switching account in the wallet signs the new one in and says so; the header shows it', async ({ page, context }) => {
  await registered(76);
  await registered(77);
  const wallet = await withWallet(context, { account: 76 });
  await inLanguage(page, 'en');
  await open(page, '/');
  await connect(page);
  await signedIn(page);
  const next = anvilAccount(77).address;
  await wallet.switchAccount(77);
  await expect(page.getByTestId('toast')).toHaveText(`Switched account: now signed in as ${shortenAddress(next)}`, { timeout: 20_000 });
  await expect(page.getByTestId('wallet-address')).toHaveText(shortenAddress(next));
  expect(await page.evaluate((k) => sessionStorage.getItem(k), SESSION_KEYS.previousAddress)).toBe(next);
});

test('the chosen language survives a new visit (a new tab, its sessionStorage empty)', async ({ page, context }) => {
  await open(page, '/');
  await expect(page.getByTestId('connect-wallet')).toHaveText('连接钱包');
  await page.getByTestId('language-button').click();
  await page.getByTestId('language-popover').locator('[data-locale="en"]').click();
  await expect(page.getByTestId('connect-wallet')).toHaveText('Connect wallet');
  expect(await page.evaluate((k) => localStorage.getItem(k), LOCAL_KEYS.language)).toBe('en');
  const later = await context.newPage();
  await open(later, '/');
  expect(await later.evaluate((k) => sessionStorage.getItem(k), SESSION_KEYS.language)).toBeNull();
  await expect(later.getByTestId('connect-wallet')).toHaveText('Connect wallet');
  await expect(later.locator('html')).toHaveAttribute('lang', 'en');
});
