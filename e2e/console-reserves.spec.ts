import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { createPublicClient, http, parseEther } from 'viem';
import { anvilAccount } from '../stack/accounts';
import { fundAccount } from '../stack/fund';
import { apiUser } from './support/api';
import { admin, withWallet } from './support/stack';

// The console's Health page: the reserves card (the Vault's WLD at the finalized block against what is owed), its
// threshold set by an admin, red below it; the operators' alert email. Accounts 85 (admin) and 86 (member) are this spec's.
test.describe.configure({ mode: 'serial' });

const ADMIN = 85;
const MEMBER = 86;
const SHOTS = process.env.CONSOLE_SHOTS_DIR ?? 'e2e-artifacts/screenshots/console';
const consoleUrl = () => process.env.CONSOLE_URL!;

async function signIn(page: Page, context: BrowserContext, locale: 'en' | 'zh-CN') {
  await withWallet(context, { account: ADMIN });
  await page.addInitScript((l) => window.localStorage.setItem('console.language', l), locale);
  await page.goto(consoleUrl());
  await page.getByRole('button', { name: locale === 'en' ? 'Sign in with wallet' : '使用钱包登录' }).click();
  await expect(page.locator('[data-operator]:visible')).toHaveAttribute('data-operator', anvilAccount(ADMIN).address);
}

test.beforeAll(async () => {
  await admin('operator.add', anvilAccount(ADMIN).address, 'admin', 'e2e reserves');
  // something owed: a member's recharge, credited by the indexer
  const member = apiUser(MEMBER);
  await fundAccount(process.env.CHAIN_URL!, MEMBER, '50');
  await admin('root.add', member.address);
  await member.login();
  await member.recharge('50');
  await expect.poll(async () => BigInt((await member.call<{ balance: string }>('userapi/getBalance')).balance), { timeout: 30_000 }).toBe(parseEther('50'));
  // anvil finalizes 64 blocks behind its head: mine past it, so the card counts the recharge
  const client = createPublicClient({ transport: http(process.env.CHAIN_URL!) });
  await client.request({ method: 'anvil_mine' as never, params: ['0x48'] as never });
});
test.afterAll(async () => {
  await admin('reserves.threshold', 'off');
});

test('the reserves card: figures, a threshold set by the admin, red below it', async ({ page, context }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, context, 'en');
  await page.goto(`${consoleUrl()}#/health`);
  const card = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Reserves against what is promised' }) });
  await expect(card).toBeVisible();
  await expect(card.getByText("Members' in-app balances")).toBeVisible();
  await expect(card.getByTestId('coverage')).toHaveText(/^\d[\d,]*\.\d\d %$/);
  await expect(card.getByText('Below the threshold')).toHaveCount(0);
  await card.locator('input[name="coverage-threshold"]').fill('12.345');
  await card.getByRole('button', { name: 'Save threshold' }).click();
  await expect(card.getByText(/a percent such as 120/)).toBeVisible();
  await card.locator('input[name="coverage-threshold"]').fill('100000');
  await card.getByRole('button', { name: 'Save threshold' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Threshold saved' })).toBeVisible();
  await expect(card.getByText('Below the threshold')).toBeVisible();
  await expect(card.getByTestId('coverage')).toHaveClass(/text-rose-700/);
});

test("the operators' alert email, set in the Operators section", async ({ page, context }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, context, 'en');
  await page.goto(`${consoleUrl()}#/operators`);
  const row = page.locator(`tr[data-row="${anvilAccount(ADMIN).address}"]`);
  await row.getByRole('button', { name: 'Set email' }).click();
  await row.locator('input[name="operator-email"]').fill('Reserves-Ops@Example.com');
  await row.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Email saved' })).toBeVisible();
  await expect(row).toContainText('reserves-ops@example.com');
});

test('screenshots: Health and Operators at 1280 and 390 wide, in Simplified Chinese and English', async ({ browser }) => {
  test.setTimeout(180_000);
  for (const locale of ['zh-CN', 'en'] as const) {
    for (const [width, height] of [
      [1280, 800],
      [390, 844],
    ] as const) {
      const context = await browser.newContext({ viewport: { width, height } });
      const page = await context.newPage();
      await signIn(page, context, locale);
      for (const section of ['health', 'operators']) {
        await page.goto(`${consoleUrl()}#/${section}`);
        const view = page.locator(`[data-console-section="${section}"]`);
        await expect(view).toBeVisible();
        await expect(view.locator('[role="status"]')).toHaveCount(0, { timeout: 15_000 });
        if (section === 'health') await expect(view.getByTestId('coverage')).toBeVisible();
        await page.screenshot({ path: `${SHOTS}/reserves-${section}-${locale}-${width}.png`, fullPage: true });
      }
      await context.close();
    }
  }
});
