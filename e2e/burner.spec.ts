import { expect, test } from './support/test';
import { type Hex, createPublicClient, http, parseEther } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { LOCAL_TOKEN, wldTokenAbi } from '../abi';
import { shortenAddress } from '../lib/address';
import { LOCAL_KEYS } from '../lib/storage-keys';
import { ROOT, admin, open } from './support/stack';

// What a newcomer does after `npm start`: no wallet extension, so the local burner wallet.
test('without an extension the burner wallet connects, is funded on the chain, and registers under the invite', async ({ page }) => {
  await open(page, `/?intro=${ROOT}`);
  await page.getByTestId('connect-wallet').click();
  await page.getByTestId('connector-burner').click();
  await expect(page.getByTestId('bind-inviter')).toBeVisible({ timeout: 15_000 });
  await page.getByTestId('inviter-submit').click();

  const key = (await page.evaluate((k) => localStorage.getItem(k), LOCAL_KEYS.burnerKey)) as Hex;
  const address = privateKeyToAccount(key).address;
  await expect(page.getByTestId('wallet-address')).toHaveText(shortenAddress(address), { timeout: 15_000 });
  await expect.poll(async () => (await admin('user.find', address)).result, { timeout: 15_000 }).toMatchObject({ address });

  const chain = createPublicClient({ transport: http(process.env.CHAIN_URL) });
  expect(await chain.readContract({ address: LOCAL_TOKEN, abi: wldTokenAbi, functionName: 'balanceOf', args: [address] })).toBe(parseEther('10000'));
  expect(await chain.getBalance({ address })).toBeGreaterThan(parseEther('99'));
});
