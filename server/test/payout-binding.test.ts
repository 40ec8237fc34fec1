// Issue 32, finding 4 (M-1): the payout job pays each withdrawal by the Vault's id for its request, and a PaidOut
// that is not what the server owes (a leaked operator key paid the request 1 wei) is flagged, never taken as the
// member's payment, while the job goes on with the other withdrawals. On a real anvil chain, as money-out.test.ts.
import { eq } from 'drizzle-orm';
import { type Address, createPublicClient, createWalletClient, decodeEventLog, http, parseEther } from 'viem';
import { foundry } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_TOKEN, LOCAL_VAULT, vaultAbi, wldTokenAbi } from '../../abi';
import { LOCAL_ROLES, anvilAccount, anvilPrivateKey } from '../../scripts/lib/accounts';
import { type Anvil, startAnvil } from '../../scripts/lib/anvil';
import { deployLocal } from '../../scripts/lib/deploy';
import { freePort } from '../../scripts/lib/ports';
import { runOp } from '../admin/ops';
import { type IndexerConfig, indexUntilCaughtUp } from '../chain/indexer';
import { payoutChain } from '../chain/settings';
import { withdrawals } from '../db/schema';
import { runPayouts } from '../ledger/payouts';
import { testServer } from './harness';
import { withdrawRequest } from './money';

let anvil: Anvil;
let s: Awaited<ReturnType<typeof testServer>>;
const indexer: IndexerConfig = { vault: LOCAL_VAULT, confirmations: 0, startBlock: 0, batchSize: 50 };
const [alice, bob, carol, stranger] = [anvilAccount(3), anvilAccount(4), anvilAccount(5), anvilAccount(6)];

beforeAll(async () => {
  anvil = await startAnvil({ port: await freePort() });
  await deployLocal(anvil.rpcUrl, null);
  s = await testServer();
  for (const a of [alice, bob, carol]) await runOp(s.db, 'root.add', [a.address]);
});
afterAll(async () => {
  await s.close();
  await anvil.stop();
});

const chain = () => ({ ...foundry, rpcUrls: { default: { http: [anvil.rpcUrl] } } });
const client = () => createPublicClient({ chain: chain(), transport: http(anvil.rpcUrl) });
const payouts = () => payoutChain(client(), anvil.rpcUrl, anvilPrivateKey(LOCAL_ROLES.operator), indexer);
const tokens = (a: { address: Address }) => client().readContract({ address: LOCAL_TOKEN, abi: wldTokenAbi, functionName: 'balanceOf', args: [a.address] });
const row = async (id: number) => (await s.db.select().from(withdrawals).where(eq(withdrawals.id, id)))[0]!;

/** Recharges `deposit` WLD and requests `amount` back on chain, indexes, approves; returns the withdrawal row. */
async function approvedWithdrawal(who: typeof alice, deposit: string, amount: string) {
  const wallet = createWalletClient({ chain: chain(), account: who, transport: http(anvil.rpcUrl) });
  const fee = await client().readContract({ address: LOCAL_VAULT, abi: vaultAbi, functionName: 'fee' });
  const send = async (hash: Promise<`0x${string}`>) => client().waitForTransactionReceipt({ hash: await hash });
  await send(wallet.writeContract({ address: LOCAL_TOKEN, abi: wldTokenAbi, functionName: 'approve', args: [LOCAL_VAULT, parseEther(deposit)] }));
  await send(wallet.writeContract({ address: LOCAL_VAULT, abi: vaultAbi, functionName: 'recharge', args: [parseEther(deposit)], value: fee }));
  await send(wallet.writeContract({ address: LOCAL_VAULT, abi: vaultAbi, functionName: 'requestWithdraw', args: [parseEther(amount)], value: fee }));
  await indexUntilCaughtUp(s.db, client(), indexer, s.clock);
  const w = (await s.db.select().from(withdrawals).where(eq(withdrawals.address, who.address)).orderBy(withdrawals.id)).at(-1)!;
  await runOp(s.db, 'withdrawal.approve', [String(w.id)]);
  return w;
}

/** The PaidOut events of a confirmed payout transaction. */
async function paidOutOf(hash: `0x${string}`) {
  const receipt = await client().waitForTransactionReceipt({ hash });
  return receipt.logs.filter((l) => l.address.toLowerCase() === LOCAL_VAULT.toLowerCase())
    .map((l) => decodeEventLog({ abi: vaultAbi, data: l.data, topics: l.topics })).filter((e) => e.eventName === 'PaidOut').map((e) => e.args);
}

describe('payouts bound to the Vault\'s withdraw requests', () => {
  it('stores the Vault\'s request id from WithdrawRequested and pays by it, not by the database id', async () => {
    // A made-up event first, so that database ids and the Vault's request ids differ by one.
    await withdrawRequest(s.db, stranger.address, '1');
    const w = await approvedWithdrawal(alice, '100', '10');
    expect(w.requestId).toBe(1n);
    expect(w.id).not.toBe(1);
    const before = await tokens(alice);
    expect(await runPayouts(s.db, payouts(), s.clock)).toMatchObject({ sent: 1, flagged: [] });
    const sent = await row(w.id);
    expect(await paidOutOf(sent.payoutTxHash as `0x${string}`)).toEqual([
      { requestId: 1n, to: alice.address, amount: parseEther('10'), operator: anvilAccount(LOCAL_ROLES.operator).address },
    ]);
    expect(await runPayouts(s.db, payouts(), s.clock)).toMatchObject({ confirmed: 1 });
    expect(await tokens(alice)).toBe(before + parseEther('10'));
    expect(await row(w.id)).toMatchObject({ paidAt: expect.any(Date), payoutProblem: null });
  });

  it('flags a withdrawal whose request another key paid with 1 wei, never marks it paid, and pays the next withdrawal', async () => {
    const robbed = await approvedWithdrawal(alice, '100', '20');
    const next = await approvedWithdrawal(bob, '50', '5');
    // A leaked operator key pays Alice's request 1 wei before the job runs (to her: the Vault pays only requesters).
    const leaked = createWalletClient({ chain: chain(), account: anvilAccount(LOCAL_ROLES.operator), transport: http(anvil.rpcUrl) });
    const attack = await leaked.writeContract({ address: LOCAL_VAULT, abi: vaultAbi, functionName: 'payout', args: [robbed.requestId!, 1n] });
    await client().waitForTransactionReceipt({ hash: attack });
    const bobBefore = await tokens(bob);
    const lines: string[] = [];
    const report = await runPayouts(s.db, payouts(), s.clock, (line) => lines.push(line));
    const problem = `PaidOut in ${attack} paid 0.000000000000000001 WLD to ${alice.address} (by ${anvilAccount(LOCAL_ROLES.operator).address}); owed 20 WLD to ${alice.address}`;
    expect(report).toMatchObject({ sent: 1, recovered: 0, flagged: [{ id: robbed.id, problem }] });
    expect(lines).toEqual([`payouts: withdrawal ${robbed.id} flagged for the operator and skipped: ${problem}`]);
    expect(await row(robbed.id)).toMatchObject({ status: 'audit-successful', payoutTxHash: null, paidAt: null, payoutProblem: problem });
    expect(await row(next.id)).toMatchObject({ payoutTxHash: expect.stringMatching(/^0x/) });

    // Later runs confirm Bob's payout and leave the flagged withdrawal alone: it never shows paid.
    expect(await runPayouts(s.db, payouts(), s.clock)).toMatchObject({ confirmed: 1, flagged: [], recovered: 0 });
    expect(await runPayouts(s.db, payouts(), s.clock)).toMatchObject({ sent: 0, confirmed: 0, recovered: 0, flagged: [] });
    expect(await tokens(bob)).toBe(bobBefore + parseEther('5'));
    expect(await row(robbed.id)).toMatchObject({ paidAt: null, payoutTxHash: null });
    expect(await runOp(s.db, 'withdrawals.flagged', [])).toEqual([expect.objectContaining({ id: robbed.id, requestId: robbed.requestId!.toString(), address: alice.address, amount: parseEther('20').toString(), problem })]);
  });

  it('flags a withdrawal whose address is not the requester the Vault recorded, and pays the next one', async () => {
    const mismatched = await approvedWithdrawal(carol, '30', '3');
    const next = await approvedWithdrawal(bob, '10', '2');
    await s.db.update(withdrawals).set({ address: stranger.address }).where(eq(withdrawals.id, mismatched.id));
    const report = await runPayouts(s.db, payouts(), s.clock, () => undefined);
    expect(report).toMatchObject({ sent: 1, flagged: [{ id: mismatched.id, problem: `the Vault's request ${mismatched.requestId} is by ${carol.address}, not ${stranger.address}` }] });
    expect(await row(next.id)).toMatchObject({ payoutTxHash: expect.stringMatching(/^0x/) });
    expect(await client().readContract({ address: LOCAL_VAULT, abi: vaultAbi, functionName: 'requestPaid', args: [mismatched.requestId!] })).toBe(false);
  });
});
