import type { Browser, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { LOCAL_VAULT } from '../abi';
import { LOCAL_API_KEY } from '../lib/local-stack';
import { UA } from '../lib/wallet/user-agents.fixture';
import { SESSION_KEYS } from '../lib/storage-keys';
import { buildApp } from '../stack/stack';
import { type StaticServer, serveStatic } from '../stack/static-server';
import { decodeQr } from './support/qr';
import { ROOT } from './support/stack';

// A visitor from an invite link, in a browser with no wallet, on the production build (no burner wallet).
const shots = 'e2e-artifacts/screenshots';
const PROD_APP_DIR = '.run/e2e-prod-app';

let app: StaticServer;
test.beforeAll(async () => {
  test.setTimeout(600_000);
  await buildApp({ NEXT_PUBLIC_API_URL: process.env.API_URL!, NEXT_PUBLIC_API_KEY: LOCAL_API_KEY, NEXT_PUBLIC_VAULT_ADDRESS: LOCAL_VAULT }, PROD_APP_DIR, true);
  app = await serveStatic(PROD_APP_DIR);
});
test.afterAll(async () => app?.close());

/** A fresh browser with this user agent, in this language, on the invite link, after a tap on 'connect wallet'. */
async function arrive(browser: Browser, userAgent: string, locale: string, size = { width: 390, height: 844 }): Promise<Page> {
  const context = await browser.newContext({ userAgent, viewport: size, hasTouch: true, permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await context.newPage();
  await page.addInitScript(
    ([startKey, languageKey, language]) => {
      window.sessionStorage.setItem(startKey, '1');
      window.sessionStorage.setItem(languageKey, language);
    },
    [SESSION_KEYS.startPageShown, SESSION_KEYS.language, locale] as const,
  );
  await page.goto(`${app.url}#/?intro=${ROOT}`);
  await page.getByTestId('connect-wallet').click();
  return page;
}

const pageUrl = () => `${app.url}#/?intro=${ROOT}`;

for (const [name, ua] of [
  ['iPhone Safari', UA.iPhoneSafari],
  ['Android Chrome', UA.androidChrome],
] as const) {
  test(`${name} without a wallet: six wallets' links to this exact page, invite kept, and the link to copy`, async ({ browser }) => {
    const page = await arrive(browser, ua, 'en');
    const sheet = page.getByTestId('no-wallet');
    await expect(sheet).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('toast')).toHaveCount(0);
    const url = pageUrl();
    const encoded = encodeURIComponent(url);
    const expected = {
      metamask: { label: 'Open in MetaMask', href: `https://link.metamask.io/dapp/${url.replace('http://', '')}` },
      tokenpocket: {
        label: 'Open in TokenPocket',
        href: `tpdapp://open?params=${encodeURIComponent(JSON.stringify({ url, chain: 'ETH', source: 'wld-pledge' }))}`,
      },
      imtoken: { label: 'Open in imToken', href: `imtokenv2://navigate/DappView?url=${encoded}` },
      trust: { label: 'Open in Trust Wallet', href: `https://link.trustwallet.com/open_url?coin_id=60&url=${encoded}` },
      okx: { label: 'Open in OKX Wallet', href: `https://web3.okx.com/download?deeplink=${encodeURIComponent(`okx://wallet/dapp/url?dappUrl=${encoded}`)}` },
      bitget: { label: 'Open in Bitget Wallet', href: `https://bkcode.vip?action=dapp&url=${encoded}` },
    };
    for (const [id, { label, href }] of Object.entries(expected)) {
      const link = page.getByTestId(`open-in-${id}`);
      await expect(link).toHaveText(label);
      await expect(link).toHaveAttribute('href', href);
    }
    expect(url).toContain(`#/?intro=${ROOT}`);
    await expect(page).toHaveURL(url);
    await expect(page.getByTestId('no-wallet-url')).toHaveText(url);
    await page.getByTestId('no-wallet-copy').click();
    await expect(page.getByTestId('no-wallet-copy')).toHaveText('✓ Copy successful');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    await page.context().close();
  });
}

for (const [name, ua] of [
  ['WeChat', UA.weChat],
  ['QQ', UA.qq],
] as const) {
  test(`${name} without a wallet: an overlay points to the top-right menu, with no wallet links it would block`, async ({ browser }) => {
    const page = await arrive(browser, ua, 'zh-CN');
    const overlay = page.getByTestId('in-app-overlay');
    await expect(overlay).toBeVisible({ timeout: 15_000 });
    await expect(overlay).toContainText('请在浏览器或钱包中打开');
    await expect(overlay).toContainText('点击右上角的 ···');
    await expect(overlay).toContainText('选择“在浏览器打开”，再连接钱包');
    await expect(page.locator('[data-testid^="open-in-"]')).toHaveCount(0);
    const arrow = await page.getByTestId('in-app-arrow').boundingBox();
    expect(arrow!.x).toBeGreaterThan(390 / 2);
    expect(arrow!.y).toBeLessThan(100);
    await expect(page.getByTestId('no-wallet-url')).toHaveText(pageUrl());
    await page.getByTestId('in-app-close').click();
    await expect(overlay).toHaveCount(0);
    await expect(page).toHaveURL(pageUrl());
    await page.context().close();
  });
}

test('desktop Chrome without a wallet: a QR code of this page, invite included, beside the install hint', async ({ browser }) => {
  const page = await arrive(browser, UA.desktopChrome, 'en', { width: 1280, height: 800 });
  await expect(page.getByTestId('no-wallet')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('no-wallet-install')).toHaveText('No wallet plug-in detected. Please install the TokenPocket wallet');
  await expect(page.locator('[data-testid^="open-in-"]')).toHaveCount(0);
  const qr = page.getByTestId('page-qr');
  await expect(qr).toBeVisible();
  expect(await decodeQr((await qr.getAttribute('src'))!)).toBe(pageUrl());
  await page.context().close();
});

test('screenshots: the phone view and the WeChat overlay in zh-CN and en, the desktop QR view at 1280', async ({ browser }) => {
  test.setTimeout(120_000);
  for (const locale of ['zh-CN', 'en']) {
    const phone = await arrive(browser, UA.iPhoneSafari, locale);
    await expect(phone.getByTestId('no-wallet')).toBeVisible({ timeout: 15_000 });
    await phone.screenshot({ path: `${shots}/no-wallet-phone-${locale}.png` });
    await phone.context().close();
    const weChat = await arrive(browser, UA.weChat, locale);
    await expect(weChat.getByTestId('in-app-overlay')).toBeVisible({ timeout: 15_000 });
    await weChat.screenshot({ path: `${shots}/no-wallet-wechat-${locale}.png` });
    await weChat.context().close();
    const desktop = await arrive(browser, UA.desktopChrome, locale, { width: 1280, height: 800 });
    await expect(desktop.getByTestId('page-qr')).toBeVisible({ timeout: 15_000 });
    await desktop.screenshot({ path: `${shots}/no-wallet-desktop-${locale}.png` });
    await desktop.context().close();
  }
});
