import { expect, test } from './support/test';
import { type Hex, createPublicClient, http, parseEther, toHex, verifyMessage, verifyTypedData } from 'viem';
import { type Anvil, startAnvil } from '../stack/anvil';
import { anvilAccount } from '../stack/accounts';
import { freePort } from '../stack/ports';
import { TestWallet } from './support/wallet';

// The test wallet on its own anvil, against a bare page (no app), so a failure here points at the bridge.
const PAGE = 'http://wallet-bridge.test/';
const CHAIN_ID = 31337;

type PageProvider = {
  request: (a: { method: string; params?: unknown[] }) => Promise<unknown>;
  on: (e: string, fn: (v: unknown) => void) => void;
  removeListener: (e: string, fn: (v: unknown) => void) => void;
};
type Win = Window & { ethereum: PageProvider; seen: { event: string; value: unknown }[]; announced: { name: string; rdns: string }[] };

let anvil: Anvil;
test.beforeAll(async () => {
  anvil = await startAnvil({ port: await freePort(), chainId: CHAIN_ID });
});
test.afterAll(async () => anvil?.stop());

async function setup(
  context: import('@playwright/test').BrowserContext,
  page: import('@playwright/test').Page,
  opts: Partial<ConstructorParameters<typeof TestWallet>[0]> = {},
) {
  const wallet = new TestWallet({ rpcUrl: anvil.rpcUrl, appChainId: CHAIN_ID, ...opts });
  await wallet.install(context);
  await context.route(PAGE, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>bridge</title>' }));
  await page.addInitScript(() => {
    const w = window as unknown as Win;
    w.announced = [];
    window.addEventListener('eip6963:announceProvider', (e) => w.announced.push((e as CustomEvent<{ info: { name: string; rdns: string } }>).detail.info));
    window.dispatchEvent(new Event('eip6963:requestProvider'));
  });
  await page.goto(PAGE);
  return wallet;
}

/** Runs a request in the page and returns its result, or the code and shape of what page code caught. */
const call = (page: import('@playwright/test').Page, method: string, params: unknown[] = []) =>
  page.evaluate(
    async ([m, p]) => {
      try {
        return { result: await (window as unknown as Win).ethereum.request({ method: m, params: p }) };
      } catch (e) {
        const err = e as { code?: number; message?: string };
        return { code: err.code, message: err.message, isError: e instanceof Error };
      }
    },
    [method, params] as const,
  );

test('announced through EIP-6963 and connected with the anvil account', async ({ context, page }) => {
  const wallet = await setup(context, page, { account: 3 });
  expect(await page.evaluate(() => (window as unknown as Win).announced)).toContainEqual(
    expect.objectContaining({ name: 'Test Wallet', rdns: 'dev.test.wallet' }),
  );
  expect(await call(page, 'eth_accounts')).toEqual({ result: [] });
  expect(await call(page, 'eth_requestAccounts')).toEqual({ result: [anvilAccount(3).address] });
  expect(await call(page, 'eth_chainId')).toEqual({ result: toHex(CHAIN_ID) });
  expect(wallet.address).toBe(anvilAccount(3).address);
});

test('personal_sign signs the bytes and eth_signTypedData_v4 the typed data; both verify in Node', async ({ context, page }) => {
  const wallet = await setup(context, page, { account: 4 });
  await call(page, 'eth_requestAccounts');
  const message = toHex(987654321n);
  const signed = await call(page, 'personal_sign', [message, wallet.address]);
  expect(await verifyMessage({ address: wallet.address, message: { raw: message }, signature: signed.result as Hex })).toBe(true);
  // Signing the hex text instead of the bytes must not verify (the fault found in a candidate package).
  expect(await verifyMessage({ address: wallet.address, message, signature: signed.result as Hex })).toBe(false);

  const typed = {
    types: {
      EIP712Domain: [
        { name: 'name', type: 'string' },
        { name: 'chainId', type: 'uint256' },
      ],
      Mail: [
        { name: 'contents', type: 'string' },
        { name: 'amount', type: 'uint256' },
      ],
    },
    primaryType: 'Mail',
    domain: { name: 'Bridge', chainId: CHAIN_ID },
    message: { contents: 'hello', amount: '1000000000000000000' },
  };
  const typedSig = await call(page, 'eth_signTypedData_v4', [wallet.address, JSON.stringify(typed)]);
  const { EIP712Domain: _d, ...types } = typed.types;
  expect(
    await verifyTypedData({
      address: wallet.address,
      domain: { name: 'Bridge', chainId: CHAIN_ID },
      types,
      primaryType: 'Mail',
      message: { contents: 'hello', amount: 10n ** 18n },
      signature: typedSig.result as Hex,
    }),
  ).toBe(true);
});

test('eth_sendTransaction is mined on anvil from the wallet account; reads go to the chain', async ({ context, page }) => {
  const wallet = await setup(context, page, { account: 5 });
  await call(page, 'eth_requestAccounts');
  const to = anvilAccount(6).address;
  const client = createPublicClient({ transport: http(anvil.rpcUrl) });
  const before = await client.getBalance({ address: to });
  const sent = await call(page, 'eth_sendTransaction', [{ from: wallet.address, to, value: toHex(parseEther('1.5')) }]);
  const receipt = await client.waitForTransactionReceipt({ hash: sent.result as Hex });
  expect(receipt.status).toBe('success');
  expect(receipt.from.toLowerCase()).toBe(wallet.address.toLowerCase());
  expect((await client.getBalance({ address: to })) - before).toBe(parseEther('1.5'));
  const balance = await call(page, 'eth_getBalance', [to, 'latest']);
  expect(BigInt(balance.result as Hex)).toBe(before + parseEther('1.5'));
  expect(await call(page, 'eth_blockNumber')).toEqual({ result: toHex(receipt.blockNumber) });
});

test('4001 from a rejection and 4902 for an unknown chain reach page code as errors with their codes', async ({ context, page }) => {
  const wallet = await setup(context, page, { knowsAppChain: false, chainId: 1 });
  wallet.rejectNextConnection();
  expect(await call(page, 'eth_requestAccounts')).toMatchObject({ code: 4001, isError: true });
  expect(await call(page, 'eth_requestAccounts')).toEqual({ result: [wallet.address] });

  wallet.rejectNextRequest();
  expect(await call(page, 'personal_sign', ['0x01', wallet.address])).toMatchObject({ code: 4001, isError: true });
  expect((await call(page, 'personal_sign', ['0x01', wallet.address])).result).toMatch(/^0x[0-9a-f]{130}$/);

  expect(await call(page, 'wallet_switchEthereumChain', [{ chainId: toHex(CHAIN_ID) }])).toMatchObject({ code: 4902, isError: true });
  expect(
    await call(page, 'wallet_addEthereumChain', [
      { chainId: toHex(CHAIN_ID), chainName: 'Local', rpcUrls: [anvil.rpcUrl], nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } },
    ]),
  ).toEqual({ result: null });
  expect(await call(page, 'eth_chainId')).toEqual({ result: toHex(CHAIN_ID) });
  expect(await call(page, 'wallet_switchEthereumChain', [{ chainId: toHex(1) }])).toEqual({ result: null });
  expect(await call(page, 'eth_chainId')).toEqual({ result: toHex(1) });
  // Chain errors keep their JSON-RPC code too.
  expect(await call(page, 'eth_call', [{ to: '0x0000000000000000000000000000000000000000', data: '0x' }, 'not-a-block'])).toMatchObject({
    isError: true,
    code: expect.any(Number),
  });
});

test('accountsChanged and chainChanged fire in the page from test controls and from switching', async ({ context, page }) => {
  const wallet = await setup(context, page, { account: 7 });
  await page.evaluate(() => {
    const w = window as unknown as Win;
    w.seen = [];
    w.ethereum.on('accountsChanged', (value) => w.seen.push({ event: 'accountsChanged', value }));
    w.ethereum.on('chainChanged', (value) => w.seen.push({ event: 'chainChanged', value }));
  });
  await call(page, 'eth_requestAccounts');
  await wallet.switchAccount(8);
  expect(await call(page, 'eth_accounts')).toEqual({ result: [anvilAccount(8).address] });
  await wallet.switchChain(1);
  await call(page, 'wallet_switchEthereumChain', [{ chainId: toHex(CHAIN_ID) }]);
  expect(await page.evaluate(() => (window as unknown as Win).seen)).toEqual([
    { event: 'accountsChanged', value: [anvilAccount(8).address] },
    { event: 'chainChanged', value: '0x1' },
    { event: 'chainChanged', value: toHex(CHAIN_ID) },
  ]);
  // A removed listener hears nothing more.
  await page.evaluate(() => {
    const w = window as unknown as Win;
    const fn = (value: unknown) => w.seen.push({ event: 'late', value });
    w.ethereum.on('accountsChanged', fn);
    w.ethereum.removeListener('accountsChanged', fn);
  });
  await wallet.emit('accountsChanged', []);
  expect(await page.evaluate(() => (window as unknown as Win).seen.filter((s) => s.event === 'late'))).toEqual([]);
});

test('a transaction goes out on the chain the wallet is on now: on another chain, or naming another chain, it is refused', async ({ context, page }) => {
  const wallet = await setup(context, page, { account: 9 });
  const [from] = (await call(page, 'eth_requestAccounts')).result as Hex[];
  const tx = { from, to: anvilAccount(8).address, value: toHex(1n) };
  const onAppChain = await call(page, 'eth_sendTransaction', [tx]);
  expect(onAppChain.result).toMatch(/^0x[0-9a-f]{64}$/);
  expect(await call(page, 'eth_sendTransaction', [{ ...tx, chainId: toHex(1) }])).toMatchObject({
    isError: true,
    message: expect.stringContaining('Invalid chainId'),
  });
  await wallet.switchChain(1);
  const fromMainnet = await call(page, 'eth_sendTransaction', [tx]);
  expect(fromMainnet).toMatchObject({ isError: true });
  expect(fromMainnet.message).toMatch(/chain/i);
});
