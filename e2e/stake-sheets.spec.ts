// The stake sheet, the upgrade sheet and the expiry notice say what matters: the balance and how much it
// is short, when an upgrade's rate starts and its daily income, the stake a notice is about; and the agreement toast
// stays off a sheet's buttons. zh-CN and en at 390×844 (screenshots in e2e-artifacts/screenshots/), the toast also at
// 360 wide. Account 100, funded by joinAndStake / fundAccount beyond the ten of the deploy.
import { mkdirSync } from 'node:fs';
import type { Browser, Locator, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { parseEther } from 'viem';
import type { Level, StakeRecord } from '../lib/api/replies';
import { fundAccount } from '../stack/fund';
import { advanceDays } from './support/api';
import { LOOKS } from './support/looks';
import { goTo as go, signedInPage } from './support/stack';
import { joinAndStake } from './support/team';

const SHOTS = 'e2e-artifacts/screenshots';
const MEMBER = 100;
const LOCALES = ['zh-CN', 'en'] as const;

const WORDS = {
  'zh-CN': {
    short: '余额不足，还差 80.00 WLD，请先到钱包充值。',
    agree: '请阅读并勾选质押投资协议',
    balance: '可用余额',
    period: '7 天 · 0.5%',
  },
  en: {
    short: 'Your balance is 80.00 WLD short of this level. Recharge it on the Wallet page.',
    agree: 'Please read and tick the staking investment agreement',
    balance: 'Available balance',
    period: '7 days · 0.5%',
  },
} as const;

/** A unix time as the app prints it, in the contexts' UTC. */
const utc = (unix: number) => new Date(unix * 1000).toISOString().slice(0, 19).replace('T', ' ');

const memberPage = (browser: Browser, locale: string, viewport = { width: 390, height: 844 }) =>
  signedInPage(browser, { account: MEMBER, locale, viewport, timezoneId: 'UTC' });
/** fr and ko on a small phone (360×640), where the longest words meet the narrowest screen. */
const SMALL = LOOKS.filter((look) => look.width === 360);

/** The sheet's last button is on the screen: nothing of it is pushed below the fold. */
async function fitsOnScreen(page: Page, button: Locator) {
  const box = await button.boundingBox();
  expect(box && box.y + box.height).toBeLessThanOrEqual(page.viewportSize()!.height);
}

/** Whether two boxes on the screen overlap. */
async function overlap(a: Locator, b: Locator) {
  const [x, y] = [await a.boundingBox(), await b.boundingBox()];
  if (!x || !y) throw new Error('a box is not on the screen');
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
}

test('the stake sheet shows the balance and its shortfall, the agreement toast leaves its buttons free, the upgrade sheet says when and how much, the expiry notice names its stake', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  mkdirSync(SHOTS, { recursive: true });
  // 100 WLD staked for 7 days, then 20 WLD more recharged: the 100 WLD level is 80 WLD short.
  const member = await joinAndStake({ account: MEMBER, wld: '100', days: '7' });
  await fundAccount(process.env.CHAIN_URL!, MEMBER, '20');
  await member.recharge('20');
  await expect.poll(async () => (await member.call<{ balance: string }>('userapi/getBalance')).balance, { timeout: 30_000 }).toBe(parseEther('20').toString());
  const { list: levels } = await member.call<{ list: Level[] }>('investapi/invest');
  const hundred = levels.find((l) => l.num === parseEther('100').toString())!;
  const fiveHundred = levels.find((l) => l.num === parseEther('500').toString())!;

  for (const locale of LOCALES) {
    const words = WORDS[locale];
    const { page, close } = await memberPage(browser, locale);
    await page.getByTestId(`stake-${hundred.id}`).click();
    const sheet = page.getByTestId('stake-confirm');
    await expect(sheet).toBeVisible();
    await expect(sheet.getByTestId('stake-balance')).toHaveText(`${words.balance}20.00 WLD`);
    await expect(sheet.getByTestId('stake-short')).toHaveText(words.short);
    await page.screenshot({ path: `${SHOTS}/${locale}-390-stake-sheet-balance.png` });
    // Confirm without the agreement ticked: the toast, and every button of the sheet still in the clear.
    for (const size of [
      { width: 390, height: 844 },
      { width: 360, height: 740 },
    ]) {
      await page.setViewportSize(size);
      await sheet.getByTestId('stake-submit').click();
      const toast = page.getByTestId('toast');
      await expect(toast).toHaveText(words.agree);
      for (const button of await sheet.getByRole('button').all()) expect(await overlap(toast, button), await button.innerText()).toBe(false);
      await page.screenshot({ path: `${SHOTS}/${locale}-${size.width}-stake-sheet-toast.png` });
      await expect(toast).toBeHidden();
    }
    await close();
  }
  for (const look of SMALL) {
    const { page, close } = await memberPage(browser, look.locale, look);
    await page.getByTestId(`stake-${hundred.id}`).click();
    const sheet = page.getByTestId('stake-confirm');
    await expect(sheet.getByTestId('stake-short')).toBeVisible();
    await fitsOnScreen(page, sheet.getByTestId('stake-submit'));
    await page.screenshot({ path: `${SHOTS}/${look.locale}-360-stake-sheet-balance.png` });
    await close();
  }

  // A day and a half in: an upgrade now earns on the new level from the stake's third day (day 2).
  await advanceDays(1.5);
  await member.login(); // the pages' sign-ins replaced this session
  const { list: records } = await member.call<{ list: StakeRecord[] }>('investapi/getInvestList', { page: '1', limit: '10' });
  const record = records[0]!;
  for (const locale of LOCALES) {
    const { page, close } = await memberPage(browser, locale);
    await go(page, '/pledge/record', 'PledgeRecord');
    await page.getByTestId(`record-${record.pledge_id}`).getByTestId('action-upgrade').click();
    await page.getByTestId(`upgrade-level-${fiveHundred.id}`).click();
    // 500 WLD × 0.6 % = 3.00 WLD a day
    await expect(page.getByTestId('upgrade-income')).toHaveText('3.00 WLD · 0.6%');
    await expect(page.getByTestId('upgrade-starts')).toHaveText(utc(Number(record.stake_time) + 2 * 86_400));
    await page.screenshot({ path: `${SHOTS}/${locale}-390-upgrade-sheet.png` });
    await close();
  }
  for (const look of SMALL) {
    const { page, close } = await memberPage(browser, look.locale, look);
    await go(page, '/pledge/record', 'PledgeRecord');
    await page.getByTestId(`record-${record.pledge_id}`).getByTestId('action-upgrade').click();
    await page.getByTestId(`upgrade-level-${fiveHundred.id}`).click();
    await expect(page.getByTestId('upgrade-income')).toHaveText('3.00 WLD · 0.6%');
    await fitsOnScreen(page, page.getByTestId('upgrade-submit'));
    await page.screenshot({ path: `${SHOTS}/${look.locale}-360-upgrade-sheet.png` });
    await close();
  }

  // Past the 7 days: expired, in its redemption window; the notice names it.
  await advanceDays(5.6);
  for (const locale of LOCALES) {
    const words = WORDS[locale];
    const { page, close } = await memberPage(browser, locale);
    const stake = page.getByTestId('expiry-dialog').getByTestId('expiry-stake');
    await expect(stake).toBeVisible({ timeout: 20_000 });
    const values = await stake.locator('dd').allInnerTexts();
    expect(values).toEqual(['100.00 WLD', '100.00 WLD', words.period, utc(Number(record.end_time))]);
    await page.screenshot({ path: `${SHOTS}/${locale}-390-expiry-notice.png` });
    await close();
  }
});
