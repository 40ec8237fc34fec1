import { type BrowserContext, type Page, expect, test } from '@playwright/test';
import { anvilAccount } from '../scripts/lib/accounts';
import { ROOT, connect, open, withWallet } from './support/stack';

const shots = 'e2e-artifacts/screenshots';
// Accounts 36–45 belong to the invite, community and manager specs; 0 deploys and owns the Vault.
const STRANGER = 38;
const RECEIVER = anvilAccount(39).address;

async function openManager(context: BrowserContext, account: number): Promise<Page> {
  await withWallet(context, { account });
  const page = await context.newPage();
  await open(page, '/manager');
  await connect(page);
  await expect(page.getByTestId('vault-owner')).not.toHaveText('—', { timeout: 20_000 });
  return page;
}

const toast = (page: Page) => page.getByTestId('toast');

test('the owner adds and deletes a receiving address and changes the fee; a stranger is refused', async ({ context, browser }) => {
  test.setTimeout(120_000);
  const owner = await openManager(context, 0);
  await expect(owner.getByTestId('vault-owner')).toHaveText(ROOT);
  await expect(owner.getByTestId('manager-read-only')).toHaveCount(0);
  await expect(owner.getByTestId('bind-inviter')).toHaveCount(0);

  // Receiving addresses: required, then added at the next index, then deleted by its index.
  await owner.getByTestId('add-receiver').click();
  await expect(toast(owner)).toHaveText('请输入收款地址');
  const before = Number((await owner.getByTestId('receiver-count').textContent())!.match(/\d+/)![0]);
  await owner.getByTestId('receiver-input').fill(RECEIVER.toLowerCase());
  await owner.getByTestId('add-receiver').click();
  await expect(owner.getByTestId('receiver-stages')).toBeVisible();
  await expect(toast(owner)).toContainText('设置成功', { timeout: 20_000 });
  const row = owner.getByTestId(`receiver-${before}`);
  await expect(row).toContainText(`#${before}`);
  await expect(row).toContainText(RECEIVER);
  await expect(owner.getByTestId('receiver-count')).toContainText(String(before + 1));
  await owner.getByTestId('query-receivers').click();
  await expect(toast(owner)).toContainText('查询成功');

  // The fee: required, set, queried, and set back for the other specs.
  await owner.getByTestId('set-fee').click();
  await expect(toast(owner)).toHaveText('请输入手续费数量');
  await owner.getByTestId('fee-input').fill('0.002');
  await owner.getByTestId('set-fee').click();
  await expect(toast(owner)).toContainText('设置成功', { timeout: 20_000 });
  await expect(owner.getByTestId('vault-fee')).toHaveText('手续费（ETH）：0.002');
  await owner.getByTestId('query-fee').click();
  await expect(toast(owner)).toContainText('查询成功');
  await owner.screenshot({ path: `${shots}/manager-owner.png`, fullPage: true });

  // A stranger (not registered: the page skips the user check) reads the same state and is refused.
  const other = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
  try {
    const stranger = await openManager(other, STRANGER);
    await expect(stranger.getByTestId('manager-read-only')).toBeVisible();
    await expect(stranger.getByTestId('bind-inviter')).toHaveCount(0);
    await expect(stranger.getByTestId('vault-fee')).toHaveText('手续费（ETH）：0.002');
    await stranger.getByTestId('receiver-input').fill(anvilAccount(40).address);
    await stranger.getByTestId('add-receiver').click();
    await expect(toast(stranger)).toHaveText('调用者不是所有者');
    await stranger.getByTestId(`delete-receiver-${before}`).click();
    await expect(toast(stranger)).toHaveText('调用者不是所有者');
    await stranger.getByTestId('fee-input').fill('0');
    await stranger.getByTestId('set-fee').click();
    await expect(toast(stranger)).toHaveText('调用者不是所有者');
    await stranger.screenshot({ path: `${shots}/manager-stranger.png` });
  } finally {
    await other.close();
  }

  await owner.getByTestId(`delete-receiver-${before}`).click();
  await expect(toast(owner)).toContainText('删除成功', { timeout: 20_000 });
  await expect(owner.getByText(RECEIVER)).toHaveCount(0);
  await expect(owner.getByTestId('receiver-count')).toContainText(String(before));
  await owner.getByTestId('fee-input').fill('0.001');
  await owner.getByTestId('set-fee').click();
  await expect(owner.getByTestId('vault-fee')).toHaveText('手续费（ETH）：0.001', { timeout: 20_000 });
});

test('ownership moves in two steps: the pending owner is shown and must accept', async ({ context, browser }) => {
  test.setTimeout(120_000);
  const next = anvilAccount(STRANGER).address;
  const owner = await openManager(context, 0);
  await owner.getByTestId('transfer-ownership').click();
  await expect(toast(owner)).toHaveText('请输入新的权限地址');
  await owner.getByTestId('new-owner').fill(next);
  await owner.getByTestId('transfer-ownership').click();
  await expect(owner.getByTestId('vault-pending-owner')).toHaveText(next, { timeout: 20_000 });
  await expect(owner.getByTestId('vault-owner')).toHaveText(ROOT);

  const other = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
  try {
    const pending = await openManager(other, STRANGER);
    await expect(pending.getByTestId('manager-read-only')).toBeVisible();
    await pending.getByTestId('accept-ownership').click();
    await expect(pending.getByTestId('vault-owner')).toHaveText(next, { timeout: 20_000 });
    await expect(pending.getByTestId('manager-read-only')).toHaveCount(0);
    // The new owner hands it back; the first owner accepts.
    await pending.getByTestId('new-owner').fill(ROOT);
    await pending.getByTestId('transfer-ownership').click();
    await expect(pending.getByTestId('vault-pending-owner')).toHaveText(ROOT, { timeout: 20_000 });
  } finally {
    await other.close();
  }
  await owner.reload();
  await owner.getByTestId('accept-ownership').click();
  await expect(owner.getByTestId('vault-owner')).toHaveText(ROOT, { timeout: 20_000 });
  await expect(owner.getByTestId('vault-pending-owner')).toHaveCount(0);
});
