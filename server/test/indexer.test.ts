import { eq } from 'drizzle-orm';
import { createPublicClient, createWalletClient, getAbiItem, http, parseEther, toEventSelector } from 'viem';
import { foundry } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_TOKEN, LOCAL_VAULT, vaultAbi, wldTokenAbi } from '../../abi';
import { anvilAccount } from '../../stack/accounts';
import { type Anvil, startAnvil } from '../../stack/anvil';
import { deployLocal } from '../../stack/deploy';
import { freePort } from '../../stack/ports';
import { type IndexerConfig, MalformedEventError, indexOnce, indexUntilCaughtUp } from '../chain/indexer';
import { chainCursors } from '../chain/tables';
import { deposits } from '../ledger/tables';
import { balanceOf } from '../ledger/ledger';
import { testServer } from './harness';
import { userId } from './money';

let anvil: Anvil;
let s: Awaited<ReturnType<typeof testServer>>;
const config = (confirmations = 0): IndexerConfig => ({ vault: LOCAL_VAULT, confirmations, startBlock: 0, batchSize: 3 });

beforeAll(async () => {
  anvil = await startAnvil({ port: await freePort() });
  await deployLocal(anvil.rpcUrl, null);
  s = await testServer();
});
afterAll(async () => {
  await s.close();
  await anvil.stop();
});

async function recharge(index: number, wld: string) {
  const chain = { ...foundry, rpcUrls: { default: { http: [anvil.rpcUrl] } } };
  const client = createPublicClient({ chain, transport: http(anvil.rpcUrl) });
  const wallet = createWalletClient({ chain, account: anvilAccount(index), transport: http(anvil.rpcUrl) });
  await client.waitForTransactionReceipt({
    hash: await wallet.writeContract({ address: LOCAL_TOKEN, abi: wldTokenAbi, functionName: 'approve', args: [LOCAL_VAULT, parseEther(wld)] }),
  });
  const fee = await client.readContract({ address: LOCAL_VAULT, abi: vaultAbi, functionName: 'fee' });
  await client.waitForTransactionReceipt({
    hash: await wallet.writeContract({ address: LOCAL_VAULT, abi: vaultAbi, functionName: 'recharge', args: [parseEther(wld)], value: fee }),
  });
  return client;
}

describe('deposit indexer on a real anvil chain', () => {
  it('waits for confirmations, credits once, and never twice on replays or overlapping ranges', async () => {
    const depositor = anvilAccount(4);
    const root = await s.root();
    const reg = await s.register(depositor, root);
    expect(reg.status).toBe(1);
    const client = await recharge(4, '25');
    await recharge(4, '5');

    expect(await indexUntilCaughtUp(s.db, client, config(100), s.clock)).toBe(0);
    const id = await userId(s.db, depositor.address);
    expect(await balanceOf(s.db, id)).toBe(0n);

    expect(await indexUntilCaughtUp(s.db, client, config(), s.clock)).toBe(2);
    expect(await balanceOf(s.db, id)).toBe(parseEther('30'));

    // A restart from an old cursor replays the same logs: nothing is credited twice.
    await s.db.update(chainCursors).set({ nextBlock: 0 });
    await indexUntilCaughtUp(s.db, client, config(), s.clock);
    await indexOnce(s.db, client, { ...config(), batchSize: 100 }, s.clock);
    expect(await balanceOf(s.db, id)).toBe(parseEther('30'));
    expect((await s.db.select().from(deposits).where(eq(deposits.address, depositor.address))).length).toBe(2);
  });

  it('keeps a deposit from an unregistered address and credits it on registration', async () => {
    const stranger = anvilAccount(5);
    const client = await recharge(5, '7');
    await indexUntilCaughtUp(s.db, client, config(), s.clock);
    const [held] = await s.db.select().from(deposits).where(eq(deposits.address, stranger.address));
    expect(held?.creditedAt).toBeNull();
    expect((await s.register(stranger, await s.root())).status).toBe(1);
    expect(await balanceOf(s.db, await userId(s.db, stranger.address))).toBe(parseEther('7'));
  });

  it('stops at a reorg below the cursor instead of crediting on top of it', async () => {
    const client = await recharge(5, '1');
    const fresh = { ...config(), vault: LOCAL_VAULT, startBlock: Number(await client.getBlockNumber()) };
    await s.db.delete(chainCursors);
    const snapshot = await client.request({ method: 'evm_snapshot' as never, params: [] as never });
    await client.request({ method: 'evm_mine' as never, params: [] as never });
    await indexUntilCaughtUp(s.db, client, fresh, s.clock);
    // The chain drops the indexed block and grows another in its place.
    await client.request({ method: 'evm_revert' as never, params: [snapshot] as never });
    await client.request({ method: 'evm_increaseTime' as never, params: [7] as never });
    await client.request({ method: 'evm_mine' as never, params: [] as never });
    await client.request({ method: 'evm_mine' as never, params: [] as never });
    const [before] = await s.db.select().from(chainCursors);
    await expect(indexOnce(s.db, client, fresh, s.clock)).rejects.toThrow(/reorg below the cursor/);
    expect((await s.db.select().from(chainCursors))[0]).toEqual(before);
  });

  it('refuses a chain other than the configured one, and reads finalized blocks on mainnet', async () => {
    const { assertChainId } = await import('../chain/settings');
    const { loadConfig } = await import('../config');
    await expect(assertChainId({ getChainId: async () => 31337 }, 1)).rejects.toThrow('CHAIN_RPC_URL serves chain 31337, but CHAIN_ID is 1');
    await expect(assertChainId({ getChainId: async () => 1 }, 1)).resolves.toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'test' }).chain.finality).toBe('finalized');
    expect(loadConfig({ LOCAL_MODE: '1' }).chain.finality).toBe('depth');
    // anvil reports its genesis as finalized: with 'finalized' nothing past it is indexed.
    const client = createPublicClient({ chain: { ...foundry, rpcUrls: { default: { http: [anvil.rpcUrl] } } }, transport: http(anvil.rpcUrl) });
    await s.db.delete(chainCursors);
    const head = Number(await client.getBlockNumber());
    expect(await indexOnce(s.db, client, { ...config(), startBlock: head, finality: 'finalized' }, s.clock)).toBe(0);
    expect(await s.db.select().from(chainCursors)).toEqual([]);
  });

  it('credits a deposit exactly when it is N blocks below the head, not one block earlier', async () => {
    const depositor = anvilAccount(6);
    expect((await s.register(depositor, await s.root())).status).toBe(1);
    await s.db.delete(chainCursors);
    const client = await recharge(6, '3');
    const [log] = await client.getContractEvents({ address: LOCAL_VAULT, abi: vaultAbi, eventName: 'Recharged', fromBlock: 'latest', strict: true });
    const block = Number(log!.blockNumber);
    const confirmations = 3;
    const cfg = { ...config(confirmations), startBlock: block };
    const id = await userId(s.db, depositor.address);
    const mineTo = async (height: number) => {
      while (Number(await client.getBlockNumber({ cacheTime: 0 })) < height) await client.request({ method: 'evm_mine' as never, params: [] as never });
    };
    await mineTo(block + confirmations - 1);
    expect(await indexUntilCaughtUp(s.db, client, cfg, s.clock)).toBe(0);
    expect(await balanceOf(s.db, id)).toBe(0n);
    await mineTo(block + confirmations);
    expect(await indexUntilCaughtUp(s.db, client, cfg, s.clock)).toBe(1);
    expect(await balanceOf(s.db, id)).toBe(parseEther('3'));
  });

  it('stops at a money event that does not decode, recording nothing and keeping the cursor', async () => {
    const chain = { ...foundry, rpcUrls: { default: { http: [anvil.rpcUrl] } } };
    const client = createPublicClient({ chain, transport: http(anvil.rpcUrl) });
    const wallet = createWalletClient({ chain, account: anvilAccount(7), transport: http(anvil.rpcUrl) });
    // A contract that emits Recharged's topic with one word of data (42) where the event has three.
    const topic = toEventSelector(getAbiItem({ abi: vaultAbi, name: 'Recharged' })).slice(2);
    const emitter = '0x00000000000000000000000000000000000bad01';
    await client.request({ method: 'anvil_setCode' as never, params: [emitter, `0x602a6000527f${topic}60206000a100`] as never });
    const start = Number(await client.getBlockNumber({ cacheTime: 0 })) + 1;
    await client.waitForTransactionReceipt({ hash: await wallet.sendTransaction({ to: emitter }) });
    expect(await client.getLogs({ address: emitter, fromBlock: BigInt(start) })).toHaveLength(1);

    await s.db.delete(chainCursors);
    const before = await s.db.select().from(deposits);
    await expect(indexOnce(s.db, client, { ...config(), vault: emitter, startBlock: start }, s.clock)).rejects.toThrow(MalformedEventError);
    expect(await s.db.select().from(chainCursors)).toEqual([]);
    expect(await s.db.select().from(deposits)).toEqual(before);
  });
});
