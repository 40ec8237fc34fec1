import { eq } from 'drizzle-orm';
import { type Address, parseEther } from 'viem';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LOCAL_VAULT, vaultAbi } from '../../abi';
import { LOCAL_ROLES, anvilAccount } from '../../stack/accounts';
import { runOp } from '../admin/ops';
import { indexUntilCaughtUp } from '../chain/indexer';
import { chainCursors } from '../chain/tables';
import { transfers, withdrawals } from '../ledger/tables';
import { balanceOf } from '../ledger/ledger';
import { runPayouts } from '../ledger/payouts';
import { testServer } from './harness';
import { type LocalChain, type VaultCall, localChain, localIndexer } from './local-chain';
import { userId } from './money';

let net: LocalChain;
let s: Awaited<ReturnType<typeof testServer>>;
const [alice, bob, stranger] = [anvilAccount(3), anvilAccount(4), anvilAccount(6)];

beforeAll(async () => {
  net = await localChain();
  s = await testServer();
  for (const a of [alice, bob]) await runOp(s.db, 'root.add', [a.address]);
});
afterAll(async () => {
  await s.close();
  await net.stop();
});

const client = () => net.client();
const payouts = () => net.payouts();
const tokens = (a: { address: Address }) => net.tokens(a);
/** A Vault call from a development account (see localChain), then indexed. */
async function vault(who: typeof alice, call: VaultCall) {
  await net.vault(who, call);
  await indexUntilCaughtUp(s.db, client(), localIndexer, s.clock);
}
/** An owner-only Vault call from the local deployer (the Vault's owner); waits for the receipt. */
async function owner(functionName: 'pause' | 'unpause' | 'setPayoutCaps', args: [] | [bigint, bigint]) {
  const wallet = net.wallet(anvilAccount(LOCAL_ROLES.deployer));
  await client().waitForTransactionReceipt({ hash: await wallet.writeContract({ address: LOCAL_VAULT, abi: vaultAbi, functionName, args } as never) });
  // Anvil can hand out the receipt a moment before its calls read the new state (a payout's gas estimate then
  // passed a cap just set, once in CI): go on only once the Vault reads as the call left it.
  const read = (name: 'paused' | 'payoutCap' | 'dailyPayoutCap') => client().readContract({ address: LOCAL_VAULT, abi: vaultAbi, functionName: name });
  const shows = async () =>
    functionName === 'setPayoutCaps'
      ? (await read('payoutCap')) === args[0] && (await read('dailyPayoutCap')) === args[1]
      : (await read('paused')) === (functionName === 'pause');
  await vi.waitUntil(shows, { timeout: 5_000, interval: 20 });
}
const balance = async (a: { address: string }) => balanceOf(s.db, await userId(s.db, a.address));
const newestWithdrawal = async () => (await s.db.select().from(withdrawals).orderBy(withdrawals.id)).at(-1)!;

describe('money out on a real anvil chain', () => {
  it('holds a withdrawal under review, refunds it on rejection, and never twice on a replay', async () => {
    await vault(alice, { functionName: 'recharge', args: [parseEther('100')] });
    await vault(alice, { functionName: 'requestWithdraw', args: [parseEther('30')] });
    expect(await newestWithdrawal()).toMatchObject({ status: 'under-review', amount: parseEther('30'), address: alice.address });
    expect(await balance(alice)).toBe(parseEther('70'));
    expect(await runOp(s.db, 'ledger.check', [])).toMatchObject({ heldMismatches: [], heldNow: parseEther('30').toString() });
    await s.db.update(chainCursors).set({ nextBlock: 0 });
    await indexUntilCaughtUp(s.db, client(), localIndexer, s.clock);
    expect(await balance(alice)).toBe(parseEther('70'));
    const { id } = await newestWithdrawal();
    expect(await runOp(s.db, 'withdrawal.reject', [String(id), 'address', 'under', 'review'])).toMatchObject({ status: 'audit-failed' });
    expect(await balance(alice)).toBe(parseEther('100'));
    await expect(runOp(s.db, 'withdrawal.reject', [String(id), 'again'])).rejects.toThrow(/not under review/);
    expect(await balance(alice)).toBe(parseEther('100'));
  });

  it('pays an approved withdrawal on chain once, also after a crash lost the payout hash', async () => {
    await vault(alice, { functionName: 'requestWithdraw', args: [parseEther('40')] });
    const { id } = await newestWithdrawal();
    await net.approve(s.db, s.clock, id);
    const before = await tokens(alice);
    expect(await runPayouts(s.db, payouts(), s.clock)).toMatchObject({ sent: 1 });
    const sent = await newestWithdrawal();
    await client().waitForTransactionReceipt({ hash: sent.payoutTxHash as `0x${string}` });
    expect(await runPayouts(s.db, payouts(), s.clock)).toMatchObject({ confirmed: 1 });
    expect(await tokens(alice)).toBe(before + parseEther('40'));
    // A crash after sending, before recording: the job finds the id paid and recovers the hash; nothing is sent.
    await s.db.update(withdrawals).set({ payoutTxHash: null, paidAt: null }).where(eq(withdrawals.id, id));
    expect(await runPayouts(s.db, payouts(), s.clock)).toMatchObject({ sent: 0, recovered: 1 });
    expect(await runPayouts(s.db, payouts(), s.clock)).toMatchObject({ sent: 0, confirmed: 1 });
    expect(await newestWithdrawal()).toMatchObject({ payoutTxHash: sent.payoutTxHash });
    expect(await tokens(alice)).toBe(before + parseEther('40'));
    expect(await balance(alice)).toBe(parseEther('60'));
  });

  it('fails an over-balance withdrawal with nothing debited', async () => {
    await vault(alice, { functionName: 'requestWithdraw', args: [parseEther('1000')] });
    expect(await newestWithdrawal()).toMatchObject({ status: 'failed-insufficient', reason: 'insufficient-balance' });
    expect(await balance(alice)).toBe(parseEther('60'));
  });

  it('moves a transfer between members atomically, and fails one to a stranger or over the balance', async () => {
    await vault(alice, { functionName: 'requestTransfer', args: [bob.address, parseEther('10')] });
    expect([await balance(alice), await balance(bob)]).toEqual([parseEther('50'), parseEther('10')]);
    await vault(alice, { functionName: 'requestTransfer', args: [stranger.address, parseEther('5')] });
    await vault(alice, { functionName: 'requestTransfer', args: [bob.address, parseEther('500')] });
    const rows = await s.db.select().from(transfers).orderBy(transfers.id);
    expect(rows.map((t) => [t.status, t.reason])).toEqual([
      ['done', ''],
      ['failed', 'not-member'],
      ['failed', 'insufficient-balance'],
    ]);
    expect([await balance(alice), await balance(bob)]).toEqual([parseEther('50'), parseEther('10')]);
    await s.login(bob);
    const list = (await s.call('walletapi/getTransferList', bob, { page: '1', limit: '10' })).data as { list: { direction: string; amount: string }[] };
    expect(list.list).toEqual([expect.objectContaining({ direction: 'in', amount: parseEther('10').toString() })]);
    expect(await runOp(s.db, 'ledger.check', [])).toEqual({ balanceMismatches: [], heldMismatches: [], heldNow: '0' });
  });

  it('lists records and answers whether an address is a member', async () => {
    await s.login(alice);
    const withdrawList = (await s.call('walletapi/getWithdrawList', alice, { page: '1', limit: '2' })).data as {
      list: { status: string }[];
      has_more: boolean;
    };
    expect(withdrawList).toMatchObject({ list: [{ status: 'failed-insufficient' }, { status: 'audit-successful' }], has_more: true });
    expect((await s.call('walletapi/getRechargeList', alice, { page: '1', limit: '10' })).data).toMatchObject({
      list: [{ amount: parseEther('100').toString(), credited: true }],
    });
    expect((await s.call('walletapi/checkMember', alice, { to_address: bob.address })).data).toEqual({ member: true });
    expect((await s.call('walletapi/checkMember', alice, { to_address: stranger.address })).data).toEqual({ member: false });
  });

  it('keeps an approved withdrawal unpaid while the Vault is paused or over a cap, and pays it once the owner lifts them', async () => {
    await vault(alice, { functionName: 'requestWithdraw', args: [parseEther('5')] });
    const { id } = await newestWithdrawal();
    await net.approve(s.db, s.clock, id);
    const before = await tokens(alice);
    const lines: string[] = [];
    const run = () => runPayouts(s.db, payouts(), s.clock, (line) => lines.push(line));
    const unpaid = { status: 'audit-successful', payoutTxHash: null, paidAt: null };

    await owner('pause', []);
    expect(await run()).toMatchObject({ sent: 0, deferred: [{ id, refusal: 'EnforcedPause' }] });
    expect(await newestWithdrawal()).toMatchObject(unpaid);
    expect(lines.at(-1)).toMatch(
      new RegExp(`withdrawal ${id} \\(5 WLD to ${alice.address}\\) not paid: the Vault refused with EnforcedPause; it stays approved`),
    );
    await owner('unpause', []);
    await owner('setPayoutCaps', [parseEther('4'), parseEther('1000000')]);
    expect(await run()).toMatchObject({ sent: 0, deferred: [{ id, refusal: 'PayoutAboveCap' }] });
    // 5 WLD does not fit a 4 WLD daily cap, whatever was paid recently.
    await owner('setPayoutCaps', [parseEther('10'), parseEther('4')]);
    expect(await run()).toMatchObject({ sent: 0, deferred: [{ id, refusal: 'DailyPayoutCapExceeded' }] });
    expect(await newestWithdrawal()).toMatchObject(unpaid);
    expect(await tokens(alice)).toBe(before);

    await owner('setPayoutCaps', [parseEther('10'), parseEther('1000000')]);
    expect(await run()).toMatchObject({ sent: 1, deferred: [] });
    await client().waitForTransactionReceipt({ hash: (await newestWithdrawal()).payoutTxHash as `0x${string}` });
    expect(await run()).toMatchObject({ confirmed: 1 });
    expect(await tokens(alice)).toBe(before + parseEther('5'));
    expect(await newestWithdrawal()).toMatchObject({ status: 'audit-successful', paidAt: expect.any(Date) });
    expect(lines).toHaveLength(3);
  });
});
