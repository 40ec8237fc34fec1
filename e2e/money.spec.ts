import { expect, test } from './support/test';
import { advanceDays, apiUser } from './support/api';
import { ROOT, admin, connect, open, signedIn, withWallet } from './support/stack';

const shots = 'e2e-artifacts/screenshots';
type Records = { list: { pledge_id: string; status: string; state: string }[] };

test('an empty wallet to a staked, dividend-earning, upgraded, expired and redeemed stake; another user renews', async ({ page, context }) => {
  test.setTimeout(180_000);
  // Each stage is a step: the report names the stage that failed.
  // A second user stakes from Node with the app's own client; their stake is left to renew.
  const bob = apiUser(6);
  await test.step('Bob, a second member, stakes through the API', async () => {
    await admin('root.add', bob.address);
    await bob.login();
    await bob.recharge('100');
    await expect.poll(async () => (await bob.call<{ balance: string }>('userapi/getBalance')).balance, { timeout: 30_000 }).toBe('100000000000000000000');
    const stake = { order_id: '1', day_id: '1' };
    await bob.call('investapi/investSave', { ...stake, ...(await bob.signed('investSave', stake)) });
  });
  // Alice uses the app: invite link, register, recharge.
  const alice = await withWallet(context, { account: 5 });
  await test.step('Alice registers from an invite link and recharges 500 WLD', async () => {
    await open(page, `/?intro=${ROOT}`);
    await connect(page);
    await page.getByTestId('inviter-submit').click();
    await signedIn(page);
    await page.evaluate(() => (window.location.hash = '/wallet'));
    await expect(page.getByTestId('recharge-fee')).toHaveText('手续费（ETH）：0.001');
    await page.getByTestId('recharge-submit').click();
    await expect(page.getByTestId('toast')).toHaveText('请输入充值数量');
    await page.getByTestId('recharge-amount').fill('500');
    await page.getByTestId('recharge-submit').click();
    await expect(page.getByTestId('recharge-progress')).toBeVisible();
    await expect(page.getByTestId('app-balance')).toHaveText(/^500\.00/, { timeout: 60_000 });
    await page.screenshot({ path: `${shots}/wallet-recharged.png` });
  });
  await test.step('Alice stakes 100 WLD for 7 days after ticking the agreement', async () => {
    // Stake 100 WLD for 7 days: the agreement must be ticked.
    await page.evaluate(() => (window.location.hash = '/'));
    await expect(page.getByTestId('level-1').getByTestId('income')).toHaveText('0.50 WLD');
    await page.getByTestId('stake-1').click();
    await page.getByTestId('stake-submit').click();
    await expect(page.getByTestId('toast')).toHaveText('请阅读并勾选质押投资协议');
    await page.getByTestId('agreement-link').click();
    await expect(page.getByTestId('agreement-text')).toContainText('质押投资协议');
    await page.getByTestId('agreement-tick').check();
    await page.getByTestId('stake-submit').click();
    await expect(page.getByTestId('toast')).toContainText('质押成功');
  });
  await test.step('Alice upgrades the stake to 500 WLD', async () => {
    // The record appears; upgrading to 500 WLD pays the 400 difference.
    await page.evaluate(() => (window.location.hash = '/pledge/record'));
    const record = page.locator('[data-testid^="record-"]').first();
    await expect(record.getByTestId('record-state')).toHaveText('进行中');
    await record.getByTestId('action-upgrade').click();
    await page.getByTestId('upgrade-level-2').click();
    await page.getByTestId('upgrade-submit').click();
    await expect(page.getByTestId('toast')).toContainText('升级成功');
    await expect(record).toContainText('500.00 WLD');
    expect((await admin('user.find', alice.address)).result).toBeTruthy();
  });
  await test.step('Three days of dividends show on the record', async () => {
    // Days pass: day 0 earns on 100 WLD at 0.5 %, days 1–2 on 500 WLD at 0.6 %.
    await advanceDays(3);
    await page.reload();
    await expect(page.locator('[data-testid^="record-"]').first()).toContainText('6.50 WLD', { timeout: 15_000 });
    await page.screenshot({ path: `${shots}/records-dividends.png` });
  });
  await test.step('The period ends and the expiry dialog shows once', async () => {
    // The period ends: the expiry dialog shows on Index and closes with closeExpire.
    await advanceDays(4);
    await page.evaluate(() => (window.location.hash = '/'));
    await page.reload();
    // The 7-day-old session has expired by now: the app logs in again (302 → login → reload) first.
    await signedIn(page);
    await expect(page.getByTestId('expiry-dialog')).toBeVisible();
    await expect(page.getByTestId('expiry-deadline')).toContainText('前赎回');
    await page.screenshot({ path: `${shots}/expiry-dialog.png` });
    await page.getByTestId('expiry-close').click();
    await expect(page.getByTestId('expiry-dialog')).toBeHidden();
    const expiryAnswered = page.waitForResponse((r) => r.url().endsWith('/investapi/getInvestExpire'));
    await page.reload();
    await expiryAnswered;
    await expect(page.getByTestId('expiry-dialog')).toHaveCount(0);
  });
  await test.step('Alice redeems within the window and gets the principal back once', async () => {
    // Redeem within the window: the principal comes back once.
    await page.evaluate(() => (window.location.hash = '/pledge/record'));
    const expired = page.locator('[data-testid^="record-"]').first();
    await expect(expired.getByTestId('record-state')).toHaveText('可赎回');
    await expired.getByTestId('action-applyRedeem').click();
    await expect(expired.getByTestId('action-confirmRedeem')).toBeVisible();
    await expired.getByTestId('action-confirmRedeem').click();
    await expect(page.getByTestId('toast')).toContainText('赎回成功');
    // Redeemed, not 'expired' like a stake that was never redeemed.
    await expect(expired.getByTestId('record-state')).toHaveText('已赎回');
    await page.evaluate(() => (window.location.hash = '/wallet'));
    // 500 staked back + 0.5 + 6 × 3 WLD of dividends.
    await expect(page.getByTestId('app-balance')).toHaveText(/^518\.50/);
  });
  await test.step("Bob's stake renews 24 hours after expiry", async () => {
    // Bob did not redeem: 24 hours after expiry his stake renews for the same level and period.
    await advanceDays(1.1);
    await bob.login();
    const records = await bob.call<Records>('investapi/getInvestList', { page: '1', limit: '10' });
    expect(records.list.map((r) => r.status)).toEqual(['active', 'renewed']);
  });
});
