import { expect, test } from './support/test';
import { admin, connect, open, signedIn, withWallet } from './support/stack';

test('an amount above the WLD the wallet holds sends no transaction and says the balance is insufficient', async ({ page, context }) => {
  const wallet = await withWallet(context, { account: 2 });
  await admin('root.add', wallet.address);
  await open(page, '/wallet');
  await connect(page);
  await signedIn(page);
  await expect(page.getByTestId('recharge-fee')).toHaveText('手续费（ETH）：0.001');
  for (const amount of ['2000000', '99999999999999999999999999999']) {
    await page.getByTestId('recharge-amount').fill(amount);
    await page.getByTestId('recharge-submit').click();
    await expect(page.getByTestId('toast')).toHaveText('余额不足');
    await expect(page.getByTestId('recharge-submit')).toBeEnabled();
  }
  expect(wallet.requests).not.toContain('eth_sendTransaction');
  await page.screenshot({ path: 'e2e-artifacts/screenshots/recharge-insufficient.png' });
});
