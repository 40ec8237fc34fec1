import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { readFileSync } from 'node:fs';
import { createPublicClient, createWalletClient, http, zeroAddress } from 'viem';
import { foundry } from 'viem/chains';
import { LOCAL_VAULT, vaultAbi } from '../abi';
import { SESSION_KEYS } from '../lib/storage-keys';
import { anvilAccount } from '../stack/accounts';
import { ROOT, connect, open, withWallet } from './support/stack';

const shots = 'e2e-artifacts/screenshots';
// Accounts 36–45 belong to the invite, community and manager specs; 0 deploys and owns the Vault.
const STRANGER = 38;
const RECEIVER = anvilAccount(39).address;
// Receiving addresses of the careless-owner tests (addresses only: they never sign).
const LISTED = anvilAccount(44).address;
const BEHIND_THE_PAGE = anvilAccount(45).address;

async function openAs(context: BrowserContext, account: number, language?: string) {
  const wallet = await withWallet(context, { account });
  const page = await context.newPage();
  if (language) await page.addInitScript(([key, value]) => window.sessionStorage.setItem(key, value), [SESSION_KEYS.language, language] as const);
  await open(page, '/manager');
  await connect(page);
  await expect(page.getByTestId('vault-owner')).not.toHaveText('—', { timeout: 20_000 });
  return { page, wallet };
}
const openManager = async (context: BrowserContext, account: number): Promise<Page> => (await openAs(context, account)).page;

const chain = () => ({ ...foundry, id: Number(process.env.CHAIN_ID), rpcUrls: { default: { http: [process.env.CHAIN_URL!] } } });
const client = () => createPublicClient({ chain: chain(), transport: http(process.env.CHAIN_URL) });

/** The owner (account 0) straight on the chain, as another tab or a script would, behind the page's back. */
async function asOwner(functionName: 'addReceiver' | 'removeReceiver', receiver: `0x${string}`) {
  const wallet = createWalletClient({ chain: chain(), account: anvilAccount(0), transport: http(process.env.CHAIN_URL) });
  const hash = await wallet.writeContract({ address: LOCAL_VAULT, abi: vaultAbi, functionName, args: [receiver] });
  await client().waitForTransactionReceipt({ hash });
}

const toast = (page: Page) => page.getByTestId('toast');

test('the owner adds and deletes a receiving address and changes the fee; a stranger sees the buttons disabled', async ({ context, browser }) => {
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

  // A stranger (not registered: the page skips the user check) reads the same state; the owner's buttons are
  // disabled and say why.
  const other = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
  try {
    const stranger = await openManager(other, STRANGER);
    await expect(stranger.getByTestId('manager-read-only')).toBeVisible();
    await expect(stranger.getByTestId('bind-inviter')).toHaveCount(0);
    await expect(stranger.getByTestId('vault-fee')).toHaveText('手续费（ETH）：0.002');
    for (const button of ['transfer-ownership', 'set-fee', 'add-receiver', `delete-receiver-${before}`])
      await expect(stranger.getByTestId(button)).toBeDisabled();
    for (const reason of ['owner-owner-only', 'fee-owner-only', 'receivers-owner-only'])
      await expect(stranger.getByTestId(reason)).toHaveText('仅合约所有者可以操作，请连接所有者钱包');
    await expect(stranger.getByTestId('query-fee')).toBeEnabled();
  } finally {
    await other.close();
  }
  // The owner's buttons are not.
  await expect(owner.getByTestId('receivers-owner-only')).toHaveCount(0);

  // Deleting asks first, naming the address.
  await owner.getByTestId(`delete-receiver-${before}`).click();
  const dialog = owner.getByTestId('confirm-dialog');
  await expect(dialog).toContainText(`${RECEIVER} 将不再接收社区申请费用。`);
  await dialog.getByRole('button', { name: '删除' }).click();
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
  await expect(toast(owner)).toHaveText('请输入新所有者地址');
  await owner.getByTestId('new-owner').fill(next);
  await owner.getByTestId('transfer-ownership').click();
  await owner.getByTestId('transfer-owner-again').fill(next.toLowerCase());
  await owner.getByTestId('transfer-owner-submit').click();
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
    await pending.getByTestId('transfer-owner-again').fill(ROOT);
    await pending.getByTestId('transfer-owner-submit').click();
    await expect(pending.getByTestId('vault-pending-owner')).toHaveText(ROOT, { timeout: 20_000 });
  } finally {
    await other.close();
  }
  await owner.reload();
  await owner.getByTestId('accept-ownership').click();
  await expect(owner.getByTestId('vault-owner')).toHaveText(ROOT, { timeout: 20_000 });
  await expect(owner.getByTestId('vault-pending-owner')).toHaveCount(0);
});

/** A language's messages, read as the app has them (Playwright's loader cannot import JSON without an attribute). */
const messages = (language: string): typeof import('../messages/en.json') => JSON.parse(readFileSync(`messages/${language}.json`, 'utf8'));
const fill = (text: string, values: Record<string, string>) => text.replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? '');

for (const language of ['en', 'zh-CN'] as const) {
  const m = messages(language);

  test(`[${language}] the careless owner is stopped before the wallet opens: own or zero address, a mismatched confirmation, a huge fee, a listed receiver`, async ({
    context,
  }) => {
    test.setTimeout(120_000);
    await asOwner('addReceiver', LISTED);
    try {
      await carelessOwner(context, language);
    } finally {
      await asOwner('removeReceiver', LISTED);
    }
  });

  async function carelessOwner(context: BrowserContext, language: 'en' | 'zh-CN') {
    const { page: owner, wallet } = await openAs(context, 0, language);
    const fee = await owner.getByTestId('vault-fee').textContent();

    // Ownership: the current owner (any case) and the zero address are refused; no sheet opens.
    await owner.getByTestId('new-owner').fill(ROOT.toLowerCase());
    await owner.getByTestId('transfer-ownership').click();
    await expect(toast(owner)).toHaveText(m.manager.sameOwner);
    await expect(owner.getByTestId('transfer-owner-confirm')).toHaveCount(0);
    await owner.screenshot({ path: `${shots}/manager-refuse-own-address-${language}.png` });
    await owner.getByTestId('new-owner').fill(zeroAddress);
    await owner.getByTestId('transfer-ownership').click();
    await expect(toast(owner)).toHaveText(m.manager.zeroOwner);
    await expect(owner.getByTestId('transfer-owner-confirm')).toHaveCount(0);
    await owner.screenshot({ path: `${shots}/manager-refuse-zero-address-${language}.png` });

    // Another address opens the sheet: shown in full, and only the same address typed again confirms.
    await expect(toast(owner)).toHaveCount(0);
    const next = anvilAccount(STRANGER).address;
    await owner.getByTestId('new-owner').fill(next);
    await owner.getByTestId('transfer-ownership').click();
    const sheet = owner.getByTestId('transfer-owner-confirm');
    await expect(sheet).toBeVisible();
    await expect(sheet.getByTestId('transfer-owner-address')).toHaveText(next);
    await expect(sheet.getByTestId('transfer-owner-submit')).toBeDisabled();
    const typo = `${next.slice(0, -1)}${next.endsWith('0') ? '1' : '0'}`;
    await sheet.getByTestId('transfer-owner-again').fill(typo);
    await expect(sheet.getByTestId('transfer-owner-mismatch')).toHaveText(m.manager.ownerMismatch);
    await expect(sheet.getByTestId('transfer-owner-submit')).toBeDisabled();
    await owner.screenshot({ path: `${shots}/manager-transfer-mismatch-${language}.png` });
    await sheet.getByTestId('transfer-owner-again').fill(next.toLowerCase());
    await expect(sheet.getByTestId('transfer-owner-mismatch')).toHaveCount(0);
    await expect(sheet.getByTestId('transfer-owner-submit')).toBeEnabled();
    await owner.screenshot({ path: `${shots}/manager-transfer-confirm-${language}.png` });
    await sheet.getByRole('button', { name: m.common.cancel }).click();
    await expect(sheet).toHaveCount(0);
    await expect(owner.getByTestId('vault-pending-owner')).toHaveCount(0);

    // The fee: what is not a number is refused; 1,000,000 ETH asks first, and a cancel sends nothing.
    await owner.getByTestId('fee-input').fill('1,5');
    await owner.getByTestId('set-fee').click();
    await expect(toast(owner)).toHaveText(m.manager.feeInvalid);
    await expect(toast(owner)).toHaveCount(0);
    await owner.getByTestId('fee-input').fill('1000000');
    await owner.getByTestId('set-fee').click();
    const dialog = owner.getByTestId('confirm-dialog');
    await expect(dialog).toContainText(fill(m.manager.feeHigh, { fee: '1000000', bound: '0.01' }));
    await expect(dialog.getByRole('button', { name: fill(m.manager.feeHighConfirm, { fee: '1000000' }) })).toBeVisible();
    await owner.screenshot({ path: `${shots}/manager-fee-confirm-${language}.png` });
    await dialog.getByRole('button', { name: m.common.cancel }).click();
    await expect(dialog).toHaveCount(0);
    await expect(owner.getByTestId('vault-fee')).toHaveText(fee!);

    // A receiving address already in the list, in another case, is refused.
    await expect(owner.getByTestId('manager-receivers')).toContainText(LISTED);
    await owner.getByTestId('receiver-input').fill(LISTED.toLowerCase());
    await owner.getByTestId('add-receiver').click();
    await expect(toast(owner)).toHaveText(m.errors.receiverExists);
    await owner.screenshot({ path: `${shots}/manager-refuse-listed-receiver-${language}.png` });

    // Deleting it asks first; a cancel sends nothing.
    await owner.locator('li[data-testid^="receiver-"]', { hasText: LISTED }).locator('[data-testid^="delete-receiver-"]').click();
    const removal = owner.getByTestId('confirm-dialog');
    await expect(removal).toContainText(fill(m.manager.deleteReceiver, { address: LISTED }));
    await owner.screenshot({ path: `${shots}/manager-delete-confirm-${language}.png` });
    await removal.getByRole('button', { name: m.common.cancel }).click();
    await expect(removal).toHaveCount(0);
    await expect(owner.getByTestId('manager-receivers')).toContainText(LISTED);

    expect(wallet.requests).not.toContain('eth_sendTransaction');
  }

  test(`[${language}] a wallet that is not the owner sees the owner's buttons disabled, with the reason`, async ({ context }) => {
    const { page: stranger, wallet } = await openAs(context, STRANGER, language);
    await expect(stranger.getByTestId('manager-read-only')).toHaveText(m.manager.readOnly);
    for (const button of ['transfer-ownership', 'set-fee', 'add-receiver', 'delete-receiver-0']) await expect(stranger.getByTestId(button)).toBeDisabled();
    await expect(stranger.getByTestId('receivers-owner-only')).toHaveText(m.manager.ownerOnly);
    await stranger.screenshot({ path: `${shots}/manager-stranger-${language}.png`, fullPage: true });
    expect(wallet.requests).not.toContain('eth_sendTransaction');
  });

  test(`[${language}] a revert the page could not foresee shows the catalogue's message, not viem's "reverted."`, async ({ context }) => {
    test.setTimeout(120_000);
    const { page: owner, wallet } = await openAs(context, 0, language);
    const shown = await owner.getByTestId('receiver-count').textContent();
    // The receiver is added behind the page's back: the page's list (read before) does not have it, so only the
    // Vault can refuse it — with ReceiverExists, caught by the simulation before the wallet opens.
    await asOwner('addReceiver', BEHIND_THE_PAGE);
    try {
      await owner.getByTestId('receiver-input').fill(BEHIND_THE_PAGE);
      await owner.getByTestId('add-receiver').click();
      await expect(toast(owner)).toHaveText(m.errors.receiverExists, { timeout: 20_000 });
      await expect(owner.getByTestId('receiver-count')).toHaveText(shown!);
      await expect(owner.getByTestId('manager-receivers')).not.toContainText(BEHIND_THE_PAGE);
      await expect(owner.getByTestId('confirm-dialog')).toHaveCount(0);
      await expect(owner.getByText('reverted')).toHaveCount(0);
      await owner.screenshot({ path: `${shots}/manager-revert-mapped-${language}.png` });
      expect(wallet.requests).not.toContain('eth_sendTransaction');
    } finally {
      await asOwner('removeReceiver', BEHIND_THE_PAGE);
    }
  });
}

test('a fee above 0.01 ETH is set once the owner confirms it; 0.01 ETH itself asks nothing', async ({ context }) => {
  test.setTimeout(120_000);
  const m = messages('en');
  const { page: owner } = await openAs(context, 0, 'en');
  const fee = owner.getByTestId('vault-fee');
  await owner.getByTestId('fee-input').fill('0.02');
  await owner.getByTestId('set-fee').click();
  await owner
    .getByTestId('confirm-dialog')
    .getByRole('button', { name: fill(m.manager.feeHighConfirm, { fee: '0.02' }) })
    .click();
  await expect(fee).toHaveText(fill(m.fee.handlingFee, { unit: 'ETH', amount: '0.02' }), { timeout: 20_000 });
  await owner.getByTestId('fee-input').fill('0.01');
  await owner.getByTestId('set-fee').click();
  await expect(fee).toHaveText(fill(m.fee.handlingFee, { unit: 'ETH', amount: '0.01' }), { timeout: 20_000 });
  await expect(owner.getByTestId('confirm-dialog')).toHaveCount(0);
  // Back to the local default for the other specs.
  await owner.getByTestId('fee-input').fill('0.001');
  await owner.getByTestId('set-fee').click();
  await expect(fee).toHaveText(fill(m.fee.handlingFee, { unit: 'ETH', amount: '0.001' }), { timeout: 20_000 });
});
