import { expect, test } from './support/test';
import { type Address, createPublicClient, createWalletClient, http, parseEther } from 'viem';
import { foundry } from 'viem/chains';
import { LOCAL_TOKEN, LOCAL_VAULT, vaultAbi, wldTokenAbi } from '../abi';
import { anvilAccount } from '../stack/accounts';
import { apiUser } from './support/api';
import { approveSigned } from './support/console-api';
import { admin, connect, open, signedIn, withWallet } from './support/stack';

const shots = 'e2e-artifacts/screenshots';
const chain = () => ({ ...foundry, id: Number(process.env.CHAIN_ID), rpcUrls: { default: { http: [process.env.CHAIN_URL!] } } });
const client = () => createPublicClient({ chain: chain(), transport: http() });
const wld = (address: Address) => client().readContract({ address: LOCAL_TOKEN, abi: wldTokenAbi, functionName: 'balanceOf', args: [address] });
type Pending = { id: number; amount: string }[];

/** The newest withdrawal waiting for an audit (the operator's list through the admin endpoint). */
async function pendingWithdrawal() {
  let pending: Pending = [];
  await expect.poll(async () => (pending = ((await admin('withdrawals.pending')).result ?? []) as Pending).length, { timeout: 30_000 }).toBeGreaterThan(0);
  return pending.at(-1)!;
}

test('recharge, withdraw, the operator pays it on chain, a rejected one comes back, a transfer shows on both sides', async ({ page, context }) => {
  test.setTimeout(240_000);
  const bob = apiUser(4);
  await admin('root.add', bob.address);
  await bob.login();
  const alice = await withWallet(context, { account: 3 });
  await admin('root.add', alice.address);
  await open(page, '/wallet');
  await connect(page);
  await signedIn(page);
  const balance = page.getByTestId('app-balance');

  await page.getByTestId('recharge-amount').fill('100');
  await page.getByTestId('recharge-submit').click();
  await expect(balance).toHaveText(/^100\.00/, { timeout: 60_000 });

  // Withdraw 30: held at once, then approved in the console by an approver (the local deployer signs the payout)
  // and paid by the operator's key with that signature on chain.
  await page.getByTestId('money-tab-withdraw').click();
  await expect(page.getByTestId('withdraw-fee')).toHaveText('手续费（ETH）：0.001');
  await page.getByTestId('withdraw-amount').fill('30');
  await page.getByTestId('withdraw-submit').click();
  await expect(page.getByTestId('toast')).toContainText('提现申请已提交，等待审核', { timeout: 60_000 });
  await expect(balance).toHaveText(/^70\.00/, { timeout: 60_000 });
  const held = await pendingWithdrawal();
  const tokensBefore = await wld(alice.address);
  expect(await approveSigned(0, String(held.id))).toMatchObject({ outcome: 'approved' });
  await expect.poll(() => wld(alice.address), { timeout: 60_000 }).toBe(tokensBefore + parseEther('30'));
  await page.getByTestId('records-tab-withdraw').click();
  await expect(page.getByTestId(`withdraw-record-${held.id}`).getByTestId('withdraw-status')).toHaveText(/审核通过|已打款/, { timeout: 30_000 });

  // Withdraw 20, rejected: the held amount returns.
  await page.getByTestId('withdraw-amount').fill('20');
  await page.getByTestId('withdraw-submit').click();
  await expect(balance).toHaveText(/^50\.00/, { timeout: 60_000 });
  const rejected = await pendingWithdrawal();
  expect(await admin('withdrawal.reject', String(rejected.id), 'wrong', 'address')).toMatchObject({ result: { status: 'audit-failed' } });
  await page.reload();
  await expect(page.getByTestId('app-balance')).toHaveText(/^70\.00/, { timeout: 30_000 });

  // A request over the balance, sent straight to the Vault (the app refuses it before any transaction).
  const wallet = createWalletClient({ chain: chain(), account: anvilAccount(3), transport: http() });
  const fee = await client().readContract({ address: LOCAL_VAULT, abi: vaultAbi, functionName: 'fee' });
  await client().waitForTransactionReceipt({
    hash: await wallet.writeContract({ address: LOCAL_VAULT, abi: vaultAbi, functionName: 'requestWithdraw', args: [parseEther('5000')], value: fee }),
  });
  const newest = page.locator('[data-testid^="withdraw-record-"]').first().getByTestId('withdraw-status');
  await expect(async () => {
    await page.reload();
    await page.getByTestId('records-tab-withdraw').click();
    await expect(newest).toHaveText('失败（余额不足）', { timeout: 3000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByTestId('app-balance')).toHaveText(/^70\.00/);
  await page.screenshot({ path: `${shots}/wallet-withdrawals.png`, fullPage: true });

  // Transfer 10 to bob, a member: debited here, credited there.
  await page.evaluate(() => (window.location.hash = '/wallet/transfer'));
  await page.getByTestId('transfer-to').fill(bob.address);
  await page.getByTestId('transfer-amount').fill('10');
  await page.getByTestId('transfer-submit').click();
  await page.getByTestId('transfer-confirm').waitFor();
  await page.screenshot({ path: `${shots}/wallet-transfer-confirm.png` });
  await page.getByTestId('transfer-confirm-submit').click();
  await expect(page.getByTestId('toast')).toContainText('转账成功', { timeout: 60_000 });
  await expect.poll(async () => (await bob.call<{ balance: string }>('userapi/getBalance')).balance, { timeout: 60_000 }).toBe(parseEther('10').toString());
  await expect(page.locator('[data-screen="Wallet"]')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('app-balance')).toHaveText(/^60\.00/, { timeout: 30_000 });
  await page.getByTestId('records-tab-transfer').click();
  await expect(page.locator('[data-testid^="transfer-record-"]').first()).toContainText('10.00');
  const bobs = await bob.call<{ list: { direction: string; amount: string }[] }>('walletapi/getTransferList', { page: '1', limit: '5' });
  expect(bobs.list[0]).toMatchObject({ direction: 'in', amount: parseEther('10').toString() });
});

test('a transfer to a stranger or to oneself is refused before any transaction', async ({ page, context }) => {
  const wallet = await withWallet(context, { account: 23 });
  await admin('root.add', wallet.address);
  await open(page);
  await connect(page);
  await signedIn(page);
  await page.evaluate(() => (window.location.hash = '/wallet/transfer'));
  await page.getByTestId('transfer-to').fill(anvilAccount(24).address);
  await page.getByTestId('transfer-amount').fill('1');
  await page.getByTestId('transfer-submit').click();
  await expect(page.getByTestId('transfer-to-error')).toHaveText('该地址不是会员');
  await page.getByTestId('transfer-to').fill(wallet.address);
  await page.getByTestId('transfer-submit').click();
  await expect(page.getByTestId('transfer-to-error')).toHaveText('不能转账给自己');
  expect(wallet.requests).not.toContain('eth_sendTransaction');
  await page.screenshot({ path: `${shots}/wallet-transfer-refused.png` });
});
