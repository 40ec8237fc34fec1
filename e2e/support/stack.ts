import { type Browser, type BrowserContext, type Page, type Response, expect } from '@playwright/test';
import { SESSION_KEYS } from '../../lib/storage-keys';
import { TestWallet } from './wallet';

export { admin } from './api';

export const ROOT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

export async function withWallet(context: BrowserContext, opts: Partial<ConstructorParameters<typeof TestWallet>[0]> = {}) {
  const wallet = new TestWallet({ rpcUrl: process.env.CHAIN_URL!, appChainId: Number(process.env.CHAIN_ID), ...opts });
  await wallet.install(context);
  return wallet;
}

const lastLogin = new WeakMap<Page, number>();

/**
 * Waits until the page holds a session and its document was loaded after the last login. The app reloads
 * 500 ms after every fresh login (spec), so only then is what the screen shows going to stay. A login counts from when
 * the browser received its reply, not from when Node hears of it: on a busy machine Node may hear of it after the
 * reload, and the reloaded document would never count.
 */
export async function signedIn(page: Page, timeout = 30_000) {
  await expect
    .poll(
      async () => {
        const state = await page.evaluate(() => ({ guid: sessionStorage.getItem('guid'), loadedAt: performance.timeOrigin })).catch(() => undefined);
        return Boolean(state?.guid) && (state?.loadedAt ?? 0) > (lastLogin.get(page) ?? 0);
      },
      { timeout },
    )
    .toBe(true);
}

/** When the browser received the reply's first byte (wall-clock ms), or now when the browser did not time it. */
function replyReceivedAt(response: Response): number {
  const { startTime, responseStart } = response.request().timing();
  return responseStart >= 0 ? startTime + responseStart : Date.now();
}

/** Opens the app past the start page; counts the API calls by path. */
export async function open(page: Page, hash = '/') {
  const calls: string[] = [];
  page.on('request', (r) => {
    const m = /\/api\/v1\/(\w+\/\w+)/.exec(r.url());
    if (m?.[1]) calls.push(m[1]);
  });
  page.on('response', (r) => {
    // A registration signs in too (its reply carries the session).
    if (/\/publicapi\/(login|reg)$/.test(r.url())) lastLogin.set(page, replyReceivedAt(r));
  });
  await page.addInitScript((key) => window.sessionStorage.setItem(key, '1'), SESSION_KEYS.startPageShown);
  await page.goto(`${process.env.APP_URL}#${hash}`);
  return calls;
}

/** Connect, choosing the test wallet in the chooser. */
export async function connect(page: Page) {
  await page.getByTestId('connect-wallet').click();
  await page.getByTestId('connector-dev.test.wallet').click();
}

/**
 * A new touch context of `viewport` whose test wallet is anvil `account` (already registered), the app in `locale`:
 * opened on `hash` (Home by default), connected and signed in; `beforeOpen` adds the page's own init scripts first.
 * `close` ends the context.
 */
export async function signedInPage(
  browser: Browser,
  opts: {
    account: number;
    locale: string;
    viewport: { width: number; height: number };
    timezoneId?: string;
    hash?: string;
    beforeOpen?: (page: Page) => Promise<unknown>;
  },
) {
  const context = await browser.newContext({ viewport: opts.viewport, hasTouch: true, timezoneId: opts.timezoneId });
  const wallet = await withWallet(context, { account: opts.account });
  await context.addInitScript(([key, value]) => window.sessionStorage.setItem(key, value), [SESSION_KEYS.language, opts.locale] as const);
  const page = await context.newPage();
  await opts.beforeOpen?.(page);
  await open(page, opts.hash ?? '/');
  await connect(page);
  await signedIn(page);
  return { page, wallet, close: () => context.close() };
}

/** Moves to a hash route and waits for its screen and for the network to settle. */
export async function goTo(page: Page, hash: string, screen: string) {
  await page.evaluate((h) => (window.location.hash = h), hash);
  await page.locator(`[data-screen="${screen}"]`).waitFor();
  await page.waitForLoadState('networkidle');
}
