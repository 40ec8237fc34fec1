import { expect, test } from './support/test';
import { shortenAddress } from '../lib/address';
import { holdsFor } from './support/quiet';
import { admin, connect, open, signedIn, withWallet } from './support/stack';

// One case per quirk of docs/e2e.md's list: the test wallet behaves like the wallet that has it (docs/e2e.md).
const appChain = () => Number(process.env.CHAIN_ID);
const count = (requests: string[], method: string) => requests.filter((m) => m === method).length;

test.describe('switching to the app chain', () => {
  test('MetaMask Mobile reports an unknown chain as -32603 with 4902 inside: the app adds the chain', async ({ page, context }) => {
    const wallet = await withWallet(context, { account: 46, chainId: 1, knowsAppChain: false, quirks: { unknownChain: 'wrapped' } });
    await open(page);
    await connect(page);
    await page.getByTestId('switch-chain-button').click();
    await expect(page.getByTestId('switch-chain')).toBeHidden();
    expect(wallet.requests).toContain('wallet_addEthereumChain');
    expect(wallet.currentChainId).toBe(appChain());
  });

  test('Trust reports it as a localized message with no code: the app adds the chain, then switches', async ({ page, context }) => {
    const wallet = await withWallet(context, { account: 47, chainId: 1, knowsAppChain: false, quirks: { unknownChain: 'localized' } });
    await open(page);
    await connect(page);
    await page.getByTestId('switch-chain-button').click();
    await expect(page.getByTestId('switch-chain')).toBeHidden();
    expect(wallet.requests).toContain('wallet_addEthereumChain');
    await expect(page.getByTestId('confirm-dialog')).toHaveCount(0);
  });

  test('a wallet that adds the chain but stays on the old one: no success, the prompt stays and asks again', async ({ page, context }) => {
    const wallet = await withWallet(context, { account: 48, chainId: 1, knowsAppChain: false, quirks: { addWithoutSwitch: true } });
    await open(page);
    await connect(page);
    const prompt = page.getByTestId('switch-chain');
    await page.getByTestId('switch-chain-button').click();
    await expect.poll(() => count(wallet.requests, 'wallet_addEthereumChain')).toBe(1);
    await holdsFor(1000, async () => {
      expect(await prompt.isVisible()).toBe(true);
      expect(wallet.currentChainId).toBe(1);
    });
    await page.getByTestId('switch-chain-button').click();
    await expect(prompt).toBeHidden();
    expect(wallet.currentChainId).toBe(appChain());
  });

  test('a switch without a chainChanged event: the app reads the chain id again', async ({ page, context }) => {
    const wallet = await withWallet(context, { account: 49, chainId: 1, quirks: { silentChainChange: true } });
    await open(page);
    await connect(page);
    await page.getByTestId('switch-chain-button').click();
    await expect(page.getByTestId('switch-chain')).toBeHidden({ timeout: 10_000 });
    expect(wallet.currentChainId).toBe(appChain());
  });

  test('a chain change in the wallet applies without a reload (some in-app browsers ignore reloads)', async ({ page, context }) => {
    const wallet = await withWallet(context, { account: 50, chainId: 1 });
    await open(page);
    await connect(page);
    await expect(page.getByTestId('switch-chain')).toBeVisible();
    const loadedAt = await page.evaluate(() => performance.timeOrigin);
    await wallet.switchChain(appChain());
    await expect(page.getByTestId('switch-chain')).toBeHidden();
    await expect(page.getByTestId('bind-inviter')).toBeVisible();
    expect(await page.evaluate(() => performance.timeOrigin)).toBe(loadedAt);
  });
});

test.describe('connecting', () => {
  test("'request already pending' (-32002) after a cancelled connect: open your wallet, no retry loop, the button works again", async ({ page, context }) => {
    const wallet = await withWallet(context, { account: 51, quirks: { pendingRequests: 1 } });
    await open(page);
    await connect(page);
    await expect(page.getByTestId('toast')).toContainText('钱包');
    await holdsFor(1500, () => expect(count(wallet.requests, 'eth_requestAccounts')).toBe(1));
    await connect(page);
    await expect(page.getByTestId('bind-inviter')).toBeVisible({ timeout: 15_000 });
    expect(count(wallet.requests, 'eth_requestAccounts')).toBe(2);
  });

  test('eth_requestAccounts that never answers: one request at a time, a timeout, a clear message, retry on tap', async ({ page, context }) => {
    test.setTimeout(60_000);
    const wallet = await withWallet(context, { account: 52, quirks: { hangingRequests: 1 } });
    await open(page);
    await connect(page);
    await expect.poll(() => count(wallet.requests, 'eth_requestAccounts')).toBe(1);
    await expect(page.getByTestId('toast')).toHaveText('钱包尚未响应。如果没有弹出请求，请打开钱包后再次点击“连接钱包”', { timeout: 20_000 });
    expect(count(wallet.requests, 'eth_requestAccounts')).toBe(1);
    await connect(page);
    await expect(page.getByTestId('bind-inviter')).toBeVisible({ timeout: 15_000 });
    expect(count(wallet.requests, 'eth_requestAccounts')).toBe(2);
  });

  test('window.ethereum injected late with no EIP-6963 announcement (TokenPocket): found by the retries, named by its flags', async ({ page, context }) => {
    await withWallet(context, { account: 53, quirks: { injectAfterMs: 1200, noAnnouncement: true, flags: { isMetaMask: true, isTokenPocket: true } } });
    await open(page);
    await page.getByTestId('connect-wallet').click();
    const injected = page.getByTestId('connector-injected');
    await expect(injected).toHaveText(/TokenPocket/, { timeout: 10_000 });
    await injected.click();
    await expect(page.getByTestId('bind-inviter')).toBeVisible({ timeout: 15_000 });
  });

  test('a provider getter that throws never blanks the page: the wallet counts as not found', async ({ page, context }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await withWallet(context, { account: 54, quirks: { throwingGetter: true } });
    await open(page);
    await expect(page.getByTestId('connect-wallet')).toBeVisible();
    await page.getByTestId('connect-wallet').click();
    await expect(page.getByTestId('connect-dialog')).toBeVisible({ timeout: 10_000 });
    await expect(page.getByTestId('connector-injected')).toHaveCount(0);
    await expect(page.getByTestId('header')).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('a provider without removeListener (Trust): no crash on an account change', async ({ page, context }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const wallet = await withWallet(context, { account: 55, quirks: { noRemoveListener: true, noAnnouncement: true, flags: { isTrust: true } } });
    await admin('root.add', wallet.address);
    await open(page);
    await page.getByTestId('connect-wallet').click();
    await expect(page.getByTestId('connector-injected')).toHaveText(/Trust Wallet/);
    await page.getByTestId('connector-injected').click();
    await signedIn(page);
    await admin('root.add', (await import('../stack/accounts')).anvilAccount(56).address);
    await wallet.switchAccount(56);
    await expect(page.getByTestId('wallet-address')).toHaveText(shortenAddress(wallet.address), { timeout: 15_000 });
    expect(errors).toEqual([]);
  });
});

test.describe('signing and storage', () => {
  test('lowercase accounts and hex-only signing: the app compares addresses in checksum form and always signs hex', async ({ page, context }) => {
    const wallet = await withWallet(context, { account: 57, quirks: { lowercaseAccounts: true, hexOnlySigning: true } });
    await admin('root.add', wallet.address);
    await open(page);
    await connect(page);
    await signedIn(page);
    await expect(page.getByTestId('wallet-address')).toHaveText(shortenAddress(wallet.address));
    expect(wallet.requests).toContain('personal_sign');
  });

  test("storage cleared between visits (MetaMask iOS): the wallet's granted account is probed, not the page's storage", async ({ page, context }) => {
    const wallet = await withWallet(context, { account: 58, granted: true });
    await admin('root.add', wallet.address);
    await open(page);
    // No tap: eth_accounts answers, so the app connects and signs in by itself.
    await expect(page.getByTestId('wallet-address')).toHaveText(shortenAddress(wallet.address), { timeout: 15_000 });
    await signedIn(page);
    expect(wallet.requests.indexOf('eth_accounts')).toBeLessThan(wallet.requests.indexOf('eth_requestAccounts'));
  });
});

test('a transaction whose receipt never arrives shows its hash and a still-pending state; nothing is credited', async ({ page, context }) => {
  test.setTimeout(60_000);
  const wallet = await withWallet(context, { account: 2, quirks: { dropTransactions: true } });
  await admin('root.add', wallet.address);
  await open(page, '/wallet');
  await connect(page);
  await signedIn(page);
  await page.getByTestId('recharge-amount').fill('1');
  await page.getByTestId('recharge-submit').click();
  await expect(page.getByTestId('recharge-progress')).toContainText(`0x${'d0'.repeat(32)}`, { timeout: 15_000 });
  await expect(page.getByTestId('still-pending')).toHaveText('交易仍在网络中等待确认。确认后余额会自动更新，您可以先离开此页面。', { timeout: 20_000 });
  await expect(page.getByTestId('recharge-submit')).toBeDisabled();
});
