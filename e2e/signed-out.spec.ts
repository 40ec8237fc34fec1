import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { EARLY_SIGN_IN_ATTRIBUTE } from '../lib/early-replies';
import { ROUTES } from '../lib/routes';
import { SESSION_KEYS } from '../lib/storage-keys';
import { ROOT, open, signedIn } from './support/stack';

const shots = 'e2e-artifacts/screenshots';
const inLanguage = (page: Page, locale: string) =>
  page.addInitScript(([key, value]) => window.sessionStorage.setItem(key, value), [SESSION_KEYS.language, locale] as const);

// Every member route (route meta `session`), and the deep links that carry an id or a tab.
const DEEP_LINKS = ['/email/detail?id=1', '/email/detail/inbox?id=1', '/email/reply?id=1&title=Hi', '/reward/detail?type=team', '/email?box=sent'];
const MEMBER_LINKS = [...ROUTES.filter((r) => r.session).map((r) => r.path), ...DEEP_LINKS];

const CARD = {
  'zh-CN': { title: '未登录', body: '此页面显示您自己的账户，请连接钱包登录后查看。', button: '连接钱包' },
  en: { title: 'Not signed in', body: 'This page shows your own account. Connect your wallet to sign in and see it.', button: 'Connect wallet' },
};

/** Opens a link as a fresh document (a deep link, a reload), with no wallet installed. */
async function openFresh(page: Page, link: string) {
  await page.goto('about:blank');
  await page.goto(`${process.env.APP_URL}#${link}`);
}

// Past the start page, as open() does; open() itself is used once where signedIn() must see the login.
test.beforeEach(async ({ page }) => page.addInitScript((key) => window.sessionStorage.setItem(key, '1'), SESSION_KEYS.startPageShown));

for (const [locale, text] of Object.entries(CARD)) {
  test(`${locale}: every member route, deep links included, shows the signed-out card with its connect button and not the screen`, async ({ page }) => {
    test.setTimeout(120_000);
    await inLanguage(page, locale);
    expect(MEMBER_LINKS.length).toBe(17);
    for (const link of MEMBER_LINKS) {
      await openFresh(page, link);
      const card = page.getByTestId('signed-out');
      await expect(card, link).toBeVisible();
      await expect(card.getByTestId('empty-state'), link).toContainText(text.title);
      await expect(card.getByTestId('empty-state'), link).toContainText(text.body);
      await expect(card.getByTestId('empty-connect'), link).toHaveText(text.button);
      await expect(card.getByTestId('empty-connect'), link).toBeEnabled();
      // No screen of its own: no form, no endless 'loading', no text without a button.
      await expect(page.locator('[data-screen]'), link).toHaveCount(0);
      // The page's early copy of the card has handed over to the app's.
      await expect(page.locator(`[${EARLY_SIGN_IN_ATTRIBUTE}]`), link).toHaveCount(0);
    }
    await openFresh(page, '/wallet/transfer');
    await expect(page.getByTestId('empty-connect')).toBeVisible();
    await page.screenshot({ path: `${shots}/signed-out-${locale}.png` });
    await openFresh(page, '/wallet');
    await expect(page.getByTestId('empty-connect')).toBeVisible();
    await page.screenshot({ path: `${shots}/signed-out-wallet-${locale}.png` });
  });
}

test("a member route opened signed out shows its card before the app's JavaScript has run, where the app then draws its own", async ({ page }) => {
  await inLanguage(page, 'en');
  // The app's chunks wait until the copy has been looked at: what a phone shows while they download and run.
  let release = () => undefined as void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_next\/static\/chunks\/.+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  // Not openFresh: its goto waits for the load event, which waits for the chunks.
  await page.goto('about:blank');
  // (the init scripts cannot reach sessionStorage on about:blank, and say so)
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${process.env.APP_URL}#/wallet`, { waitUntil: 'domcontentloaded' });
  const copy = page.locator(`[${EARLY_SIGN_IN_ATTRIBUTE}]`);
  await expect(copy).toContainText(CARD.en.title);
  await expect(copy).toContainText(CARD.en.body);
  await expect(copy.locator('h1')).toHaveText('Wallet');
  await expect(copy.locator('button')).toBeDisabled();
  await expect(page.getByTestId('signed-out')).toHaveCount(0);
  const early = await copy.locator('main > div > div').boundingBox();
  release();
  const card = page.getByTestId('signed-out').getByTestId('empty-state');
  await expect(card).toBeVisible();
  await expect(copy).toHaveCount(0);
  const app = await card.boundingBox();
  expect(app).toEqual(early);
  await expect(page.getByTestId('empty-connect')).toBeEnabled();
  expect(errors).toEqual([]);
});

test('public routes open their screen with no session: home, notices, share, 404 and the manager page', async ({ page }) => {
  for (const route of ROUTES.filter((r) => !r.session)) {
    await openFresh(page, route.path);
    await expect(page.locator(`[data-screen="${route.screen}"]`), route.path).toBeVisible();
    await expect(page.getByTestId('signed-out'), route.path).toHaveCount(0);
  }
});

test('with no wallet installed the card offers the burner wallet; after signing in the transfer form opens where the link pointed', async ({ page }) => {
  test.setTimeout(90_000);
  await inLanguage(page, 'en');
  await open(page, `/?intro=${ROOT}`);
  await expect(page.locator('[data-screen="Index"]')).toBeVisible();
  await openFresh(page, '/wallet/transfer');
  await page.getByTestId('empty-connect').click();
  await page.getByTestId('connector-burner').click();
  await expect(page.getByTestId('bind-inviter')).toBeVisible({ timeout: 15_000 });
  await page.getByTestId('inviter-submit').click();
  await signedIn(page);
  await expect(page).toHaveURL(/#\/wallet\/transfer$/);
  await expect(page.locator('[data-screen="WalletTransfer"]')).toBeVisible();
  await expect(page.getByTestId('transfer-to')).toBeVisible();
  await expect(page.getByTestId('signed-out')).toHaveCount(0);
});

test('a mail deep link opened signed out, then signed in through the card, answers instead of loading forever', async ({ page }) => {
  test.setTimeout(90_000);
  await open(page, `/?intro=${ROOT}`);
  await expect(page.locator('[data-screen="Index"]')).toBeVisible();
  await openFresh(page, '/email/detail/inbox?id=999999');
  await expect(page.getByTestId('signed-out')).toBeVisible();
  await page.getByTestId('empty-connect').click();
  await page.getByTestId('connector-burner').click();
  await expect(page.getByTestId('bind-inviter')).toBeVisible({ timeout: 15_000 });
  await page.getByTestId('inviter-submit').click();
  await signedIn(page);
  await expect(page).toHaveURL(/#\/email\/detail\/inbox\?id=999999$/);
  await expect(page.locator('[data-screen="EmailDetailInbox"]')).toContainText('邮件不存在');
});

test('the card fits a small phone in French and Korean', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 640 });
  for (const locale of ['fr', 'ko']) {
    await inLanguage(page, locale);
    await openFresh(page, '/email/setting');
    await expect(page.getByTestId('empty-connect')).toBeVisible();
    const box = await page.getByTestId('signed-out').boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(360);
    await page.screenshot({ path: `${shots}/signed-out-${locale}-360.png` });
  }
});
