// The payout job pays each withdrawal by the Vault's id for its request, and a PaidOut
// that is not what the server owes (a leaked operator key paid the request 1 wei) is flagged, never taken as the
// member's payment, while the job goes on with the other withdrawals. On a real anvil chain, as money-out.test.ts.
import { eq } from 'drizzle-orm';
import { type Address, decodeEventLog, parseEther } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_VAULT, vaultAbi } from '../../abi';
import { LOCAL_ROLES, anvilAccount } from '../../stack/accounts';
import { runOp } from '../admin/ops';
import { indexUntilCaughtUp } from '../chain/indexer';
import { withdrawals } from '../ledger/tables';
import { runPayouts } from '../ledger/payouts';
import { payoutTypedData } from '../operators/approvals';
import { testServer } from './harness';
import { type LocalChain, localChain, localIndexer } from './local-chain';
import { withdrawRequest } from './money';

let net: LocalChain;
let s: Awaited<ReturnType<typeof testServer>>;
const [alice, bob, carol, stranger] = [anvilAccount(3), anvilAccount(4), anvilAccount(5), anvilAccount(6)];

beforeAll(async () => {
  net = await localChain();
  s = await testServer();
  for (const a of [alice, bob, carol]) await runOp(s.db, 'root.add', [a.address]);
});
afterAll(async () => {
  await s.close();
  await net.stop();
});

const client = () => net.client();
const payouts = () => net.payouts();
const tokens = (a: { address: Address }) => net.tokens(a);
const row = async (id: number) => (await s.db.select().from(withdrawals).where(eq(withdrawals.id, id)))[0]!;

/** Recharges `deposit` WLD and requests `amount` back on chain, indexes, approves; returns the withdrawal row. */
async function approvedWithdrawal(who: typeof alice, deposit: string, amount: string) {
  await net.vault(who, { functionName: 'recharge', args: [parseEther(deposit)] });
  await net.vault(who, { functionName: 'requestWithdraw', args: [parseEther(amount)] });
  await indexUntilCaughtUp(s.db, client(), localIndexer, s.clock);
  const w = (await s.db.select().from(withdrawals).where(eq(withdrawals.address, who.address)).orderBy(withdrawals.id)).at(-1)!;
  await net.approve(s.db, s.clock, w.id);
  return w;
}

/** The PaidOut events of a confirmed payout transaction. */
async function paidOutOf(hash: `0x${string}`) {
  const receipt = await client().waitForTransactionReceipt({ hash });
  return receipt.logs
    .filter((l) => l.address.toLowerCase() === LOCAL_VAULT.toLowerCase())
    .map((l) => decodeEventLog({ abi: vaultAbi, data: l.data, topics: l.topics }))
    .filter((e) => e.eventName === 'PaidOut')
    .map((e) => e.args);
}

describe("payouts bound to the Vault's withdraw requests", () => {
  it("stores the Vault's request id from WithdrawRequested and pays by it, not by the database id", async () => {
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
    // The operator key and an approver's key leaked together pay Alice's request 1 wei before the job runs (to
    // her: the Vault pays only requesters). The operator key alone cannot (payout-approvals.test.ts).
    const leaked = net.wallet(anvilAccount(LOCAL_ROLES.operator));
    const approver = anvilAccount(LOCAL_ROLES.deployer);
    const oneWei = await approver.signTypedData(payoutTypedData(net.approvals(), { ...robbed, requestId: robbed.requestId!, amount: 1n }));
    const attack = await leaked.writeContract({ address: LOCAL_VAULT, abi: vaultAbi, functionName: 'payout', args: [robbed.requestId!, 1n, [oneWei]] });
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
    expect(await runOp(s.db, 'withdrawals.flagged', [])).toEqual([
      expect.objectContaining({ id: robbed.id, requestId: robbed.requestId!.toString(), address: alice.address, amount: parseEther('20').toString(), problem }),
    ]);
  });

  it('flags a withdrawal whose address is not the requester the Vault recorded, and pays the next one', async () => {
    const mismatched = await approvedWithdrawal(carol, '30', '3');
    const next = await approvedWithdrawal(bob, '10', '2');
    await s.db.update(withdrawals).set({ address: stranger.address }).where(eq(withdrawals.id, mismatched.id));
    const report = await runPayouts(s.db, payouts(), s.clock, () => undefined);
    expect(report).toMatchObject({
      sent: 1,
      flagged: [{ id: mismatched.id, problem: `the Vault's request ${mismatched.requestId} is by ${carol.address}, not ${stranger.address}` }],
    });
    expect(await row(next.id)).toMatchObject({ payoutTxHash: expect.stringMatching(/^0x/) });
    expect(await client().readContract({ address: LOCAL_VAULT, abi: vaultAbi, functionName: 'requestPaid', args: [mismatched.requestId!] })).toBe(false);
  });
});
