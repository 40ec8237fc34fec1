import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { createPublicClient, createWalletClient, http } from 'viem';
import { foundry } from 'viem/chains';
import { LOCAL_VAULT, vaultAbi } from '../abi';
import { SESSION_KEYS } from '../lib/storage-keys';
import { LOCAL_ROLES, anvilAccount } from '../stack/accounts';
import { admin, apiUser } from './support/api';
import { holdsFor } from './support/quiet';
import { ROOT, connect, open, signedIn, withWallet } from './support/stack';
import type { TestWallet } from './support/wallet';
import { LOOKS as SIZES } from './support/looks';

// What a session does when the wallet, the language or the stored guid change under it. Accounts 60-64 are this spec's.
const shots = 'e2e-artifacts/screenshots';
const signatures = (wallet: TestWallet) => wallet.requests.filter((m) => m === 'personal_sign').length;
const inLanguage = (page: Page, locale: string) =>
  page.addInitScript(([key, value]) => window.sessionStorage.setItem(key, value), [SESSION_KEYS.language, locale] as const);

async function registered(index: number) {
  const member = apiUser(index);
  const exists = await member.call('publicapi/getUserExist').then(
    () => true,
    () => false,
  );
  if (!exists) await member.register(ROOT);
  return member;
}

test('signed out with no wallet, opening the menu asks the server nothing about the user', async ({ page }) => {
  const calls = await open(page, '/');
  await expect(page.locator('[data-screen="Index"]')).toBeVisible();
  await page.getByTestId('menu-button').click();
  await expect(page.getByTestId('menu-signed-out')).toBeVisible();
  await holdsFor(1500, () => expect(calls).not.toContain('userapi/getUserInfo'));
});

test('connected but not signed in (the login signature was refused), opening the menu asks for no signature', async ({ page, context }) => {
  await registered(60);
  const wallet = await withWallet(context, { account: 60 });
  const calls = await open(page, '/');
  wallet.rejectNextRequest((method) => method === 'personal_sign');
  await connect(page);
  await expect.poll(() => signatures(wallet), { timeout: 15_000 }).toBe(1);
  await expect(page.getByTestId('wallet-address')).toBeVisible();
  const loadedAt = await page.evaluate(() => performance.timeOrigin);
  await page.getByTestId('menu-button').click();
  await expect(page.getByTestId('menu-signed-out')).toBeVisible();
  await holdsFor(2500, async () => {
    expect(signatures(wallet)).toBe(1);
    expect(calls).not.toContain('userapi/getUserInfo');
  });
  // No reload either: the same document.
  expect(await page.evaluate(() => performance.timeOrigin)).toBe(loadedAt);
});

test('on /manager opening the menu asks for no signature; leaving through the menu signs in and the next screen is signed in, with no reload by hand', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await registered(61);
  const wallet = await withWallet(context, { account: 61 });
  const calls = await open(page, '/manager');
  await connect(page);
  await expect(page.getByTestId('wallet-address')).toBeVisible({ timeout: 15_000 });
  await page.getByTestId('menu-button').click();
  await expect(page.getByTestId('side-menu')).toBeVisible();
  await holdsFor(2500, async () => {
    expect(signatures(wallet)).toBe(0);
    expect(calls).not.toContain('userapi/getUserInfo');
  });

  // Out of /manager through the menu (the app's own navigation, not a typed hash): the user check and login run.
  await page.getByTestId('menu-wallet').click();
  await expect(page).toHaveURL(/#\/wallet$/);
  await expect.poll(() => signatures(wallet), { timeout: 15_000 }).toBe(1);
  await signedIn(page);
  await expect(page.locator('[data-screen="Wallet"]')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('signed-out')).toHaveCount(0);
});

test("with the menu open the phone's back button closes the menu and leaves the screen; back again goes to the screen before", async ({ page }) => {
  await open(page, '/');
  await expect(page.locator('[data-screen="Index"]')).toBeVisible();
  // Home → the wallet screen through the menu: the menu's own history entry is replaced by the screen.
  await page.getByTestId('menu-button').click();
  await page.getByTestId('menu-wallet').click();
  await expect(page).toHaveURL(/#\/wallet$/);
  await expect(page.getByTestId('side-menu')).toHaveCount(0);

  await page.getByTestId('menu-button').click();
  await expect(page.getByTestId('side-menu')).toBeVisible();
  await page.goBack();
  await expect(page.getByTestId('side-menu')).toHaveCount(0);
  await expect(page).toHaveURL(/#\/wallet$/);
  await expect(page.getByTestId('signed-out')).toHaveAttribute('data-route', '/wallet');

  // Closed another way (Escape), the menu takes its entry back off: back still goes to home, once.
  await page.getByTestId('menu-button').click();
  await expect(page.getByTestId('side-menu')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('side-menu')).toHaveCount(0);
  await expect(page).toHaveURL(/#\/wallet$/);
  await page.goBack();
  await expect(page).toHaveURL(/#\/$/);
  await expect(page.locator('[data-screen="Index"]')).toBeVisible();
});

test('registration asks the wallet for one signature, which registers and signs in', async ({ page, context }) => {
  test.setTimeout(90_000);
  const wallet = await withWallet(context, { account: 62 });
  await open(page, `/?intro=${ROOT}`);
  await connect(page);
  await expect(page.getByTestId('bind-inviter')).toBeVisible({ timeout: 15_000 });
  expect(signatures(wallet)).toBe(0);
  await page.getByTestId('inviter-submit').click();
  await signedIn(page);
  await expect(page.getByTestId('wallet-address')).toBeVisible();
  await holdsFor(1500, () => expect(signatures(wallet)).toBe(1));
  await page.goto(`${process.env.APP_URL}#/wallet`);
  await expect(page.locator('[data-screen="Wallet"]')).toBeVisible({ timeout: 15_000 });
  expect(signatures(wallet)).toBe(1);
});

test('with no wallet on a local build, connect opens the chooser with the burner wallet and no "install TokenPocket" toast', async ({ browser }) => {
  test.setTimeout(90_000);
  for (const { locale, width, height } of SIZES) {
    const context = await browser.newContext({ viewport: { width, height }, hasTouch: true });
    const page = await context.newPage();
    await inLanguage(page, locale);
    await open(page, '/wallet/transfer');
    await page.getByTestId('empty-connect').click();
    await expect(page.getByTestId('connector-burner')).toBeVisible({ timeout: 10_000 });
    await holdsFor(1500, async () => expect(await page.getByTestId('toast').count()).toBe(0));
    await page.screenshot({ path: `${shots}/session-chooser-${locale}-${width}.png` });
    await context.close();
  }
});

const chain = () => ({ ...foundry, id: Number(process.env.CHAIN_ID), rpcUrls: { default: { http: [process.env.CHAIN_URL!] } } });
const receiversNow = () =>
  createPublicClient({ chain: chain(), transport: http() }).readContract({ address: LOCAL_VAULT, abi: vaultAbi, functionName: 'allReceivers' });
async function asOwner(functionName: 'addReceiver' | 'removeReceiver', receiver: `0x${string}`) {
  const client = createPublicClient({ chain: chain(), transport: http() });
  const owner = createWalletClient({ chain: chain(), account: anvilAccount(LOCAL_ROLES.deployer), transport: http() });
  await client.waitForTransactionReceipt({ hash: await owner.writeContract({ address: LOCAL_VAULT, abi: vaultAbi, functionName, args: [receiver] }) });
}

test('a fresh local stack has a receiving address; with none, the creator screen says what to do', async ({ browser }) => {
  test.setTimeout(180_000);
  expect(await receiversNow()).toContain(anvilAccount(LOCAL_ROLES.receiver).address);
  await registered(63);
  expect((await admin('community.rule', 'member')).error).toBeUndefined();
  const before = await receiversNow();
  let context: BrowserContext | undefined;
  try {
    for (const r of before) await asOwner('removeReceiver', r);
    for (const { locale, width, height } of SIZES) {
      context = await browser.newContext({ viewport: { width, height }, hasTouch: true });
      await withWallet(context, { account: 63 });
      const page = await context.newPage();
      await inLanguage(page, locale);
      await open(page, '/');
      await connect(page);
      await signedIn(page);
      await page.goto(`${process.env.APP_URL}#/community/creator`);
      const notice = page.getByTestId('apply-no-receivers');
      await expect(notice).toBeVisible({ timeout: 20_000 });
      await expect(notice.getByTestId('apply-no-receivers-write')).toBeVisible();
      const box = await notice.boundingBox();
      expect(box && box.x + box.width).toBeLessThanOrEqual(width);
      await notice.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${shots}/creator-no-receivers-${locale}-${width}.png` });
      if (locale === 'en') {
        await expect(notice).toContainText('Write to the administrator');
        await notice.getByTestId('apply-no-receivers-write').click();
        await expect(page).toHaveURL(/#\/email\/reply$/);
      }
      await context.close();
      context = undefined;
    }
  } finally {
    await context?.close();
    for (const r of before) if (!(await receiversNow()).includes(r)) await asOwner('addReceiver', r);
    await admin('community.rule', 'valid');
  }
});
