// The Vault pays only what approvers signed: the payout job sends the withdrawal's approvals (the operators'
// EIP-712 signatures, by signer ascending) and the Vault checks them; the operator (hot) key alone pays nothing,
// not even a request of its own; a refusal of the approvals flags the withdrawal instead of retrying. On a real
// anvil chain with the real Vault, as money-out.test.ts.
import { eq } from 'drizzle-orm';
import { BaseError, ContractFunctionRevertedError, type Hash, type LocalAccount, decodeFunctionData, parseEther } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_VAULT, vaultAbi } from '../../abi';
import { LOCAL_ROLES, anvilAccount } from '../../stack/accounts';
import { setApprovers } from '../../stack/deploy';
import { runOp } from '../admin/ops';
import { indexUntilCaughtUp } from '../chain/indexer';
import { withdrawals } from '../ledger/tables';
import { runPayouts } from '../ledger/payouts';
import { payoutTypedData } from '../operators/approvals';
import { testServer } from './harness';
import { type LocalChain, localChain, localIndexer } from './local-chain';

let net: LocalChain;
let s: Awaited<ReturnType<typeof testServer>>;
const [alice, bob] = [anvilAccount(3), anvilAccount(4)];
const [deployer, second, third] = [anvilAccount(LOCAL_ROLES.deployer), anvilAccount(7), anvilAccount(8)];
const hotKey = anvilAccount(LOCAL_ROLES.operator);

beforeAll(async () => {
  net = await localChain();
  s = await testServer();
  for (const a of [alice, bob]) await runOp(s.db, 'root.add', [a.address]);
  await setApprovers(net.anvil.rpcUrl, [second.address, third.address]);
});
afterAll(async () => {
  await s.close();
  await net.stop();
});

const row = async (id: number) => (await s.db.select().from(withdrawals).where(eq(withdrawals.id, id)))[0]!;
const run = (lines: string[] = []) => runPayouts(s.db, net.payouts(), s.clock, (line) => lines.push(line));

/** Recharges `deposit` WLD and requests `amount` back on chain, indexes; the withdrawal row, under review. */
async function requested(who: LocalAccount, deposit: string, amount: string) {
  await net.vault(who, { functionName: 'recharge', args: [parseEther(deposit)] });
  await net.vault(who, { functionName: 'requestWithdraw', args: [parseEther(amount)] });
  await indexUntilCaughtUp(s.db, net.client(), localIndexer, s.clock);
  return (await s.db.select().from(withdrawals).where(eq(withdrawals.address, who.address)).orderBy(withdrawals.id)).at(-1)!;
}

/** The owner-only call of the local deployer (the Vault's owner); waits for the receipt. */
async function owner(functionName: 'setApprovalThreshold', args: [bigint]) {
  const wallet = net.wallet(deployer);
  await net.client().waitForTransactionReceipt({ hash: await wallet.writeContract({ address: LOCAL_VAULT, abi: vaultAbi, functionName, args }) });
}

/** The Vault's custom error when `work` reverted, else a failure. */
async function refusal(work: Promise<unknown>) {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  const revert = error instanceof BaseError ? error.walk((e) => e instanceof ContractFunctionRevertedError) : undefined;
  if (!(revert instanceof ContractFunctionRevertedError)) throw new Error(`expected a Vault refusal, got ${String(error)}`);
  return { name: revert.data?.errorName, args: revert.data?.args };
}

describe('the Vault pays only what approvers signed', () => {
  it('sends the payout with the approvers’ signatures, by signer ascending, and it is paid', async () => {
    const w = await requested(alice, '20000', '15000'); // above the 10,000 WLD thresholds: two approvers
    expect(await net.approve(s.db, s.clock, w.id, [third])).toMatchObject({ outcome: 'recorded', approvalsNeeded: 2 });
    expect(await net.approve(s.db, s.clock, w.id, [deployer])).toMatchObject({ outcome: 'approved', approvalsNeeded: 2 });
    const before = await net.tokens(alice);
    expect(await run()).toMatchObject({ sent: 1, flagged: [] });
    const sent = await row(w.id);
    const tx = await net.client().getTransaction({ hash: sent.payoutTxHash as Hash });
    const { functionName, args } = decodeFunctionData({ abi: vaultAbi, data: tx.input });
    const typed = payoutTypedData(net.approvals(), { ...w, requestId: w.requestId! });
    const [low, high] = [deployer, third].sort((a, b) => (BigInt(a.address) < BigInt(b.address) ? -1 : 1));
    expect([functionName, tx.from.toLowerCase()]).toEqual(['payout', hotKey.address.toLowerCase()]);
    expect(args).toEqual([w.requestId, parseEther('15000'), [await low!.signTypedData(typed), await high!.signTypedData(typed)]]);
    await net.client().waitForTransactionReceipt({ hash: sent.payoutTxHash as Hash });
    expect(await run()).toMatchObject({ confirmed: 1 });
    expect(await net.tokens(alice)).toBe(before + parseEther('15000'));
  });

  it('the probe: the hot key requests 40,000 WLD from its own address and pays it without approval: refused on chain', async () => {
    // The operator key needs no in-app balance to request (the Vault cannot know the ledger), only the fee.
    await net.vault(hotKey, { functionName: 'requestWithdraw', args: [parseEther('40000')] });
    const id = (await net.client().readContract({ address: LOCAL_VAULT, abi: vaultAbi, functionName: 'nextRequestId' })) - 1n;
    const thief = net.wallet(hotKey);
    const before = await net.tokens(hotKey);
    const pay = (signatures: `0x${string}`[]) =>
      thief.writeContract({ address: LOCAL_VAULT, abi: vaultAbi, functionName: 'payout', args: [id, parseEther('40000'), signatures] });
    expect(await refusal(pay([]))).toEqual({ name: 'TooFewApprovals', args: [0n, 2n] });
    // Signed (twice, as two are needed) with the hot key itself: not an approver.
    const typed = payoutTypedData(net.approvals(), { id: 0, address: hotKey.address, amount: parseEther('40000'), txHash: '', requestId: id });
    const own = await hotKey.signTypedData(typed);
    expect(await refusal(pay([own, own]))).toEqual({ name: 'NotApprover', args: [hotKey.address] });
    expect(await net.tokens(hotKey)).toBe(before);
    expect(await net.client().readContract({ address: LOCAL_VAULT, abi: vaultAbi, functionName: 'requestPaid', args: [id] })).toBe(false);
  });

  it('flags a withdrawal approved without approvers’ signatures (the admin CLI), and sends nothing for it again', async () => {
    const w = await requested(bob, '100', '20');
    await runOp(s.db, 'withdrawal.approve', [String(w.id)]);
    const lines: string[] = [];
    const problem = `the Vault refused payout(${w.requestId}, 20 WLD) with TooFewApprovals: too few approvers signed it for its amount (above the Vault's approvalThreshold two must); the Vault's owner raises the threshold, or the operator settles it by hand`;
    expect(await run(lines)).toMatchObject({ sent: 0, flagged: [{ id: w.id, problem }] });
    expect(lines).toEqual([`payouts: withdrawal ${w.id} flagged for the operator and skipped: ${problem}`]);
    expect(await run()).toMatchObject({ sent: 0, flagged: [], deferred: [] });
    expect(await row(w.id)).toMatchObject({ status: 'audit-successful', payoutTxHash: null, paidAt: null, payoutProblem: problem });
  });

  it('flags a withdrawal whose approver the owner removed before the payout', async () => {
    const w = await requested(bob, '100', '30');
    await net.approve(s.db, s.clock, w.id, [second]);
    await setApprovers(net.anvil.rpcUrl, [second.address], false);
    try {
      const report = await run();
      expect(report).toMatchObject({ sent: 0, flagged: [{ id: w.id }] });
      expect(report.flagged[0]!.problem).toBe(
        `the Vault refused payout(${w.requestId}, 30 WLD) with NotApprover: a signer is not (or no longer) an approver on the Vault; the Vault's owner names it again, or the operator settles it by hand`,
      );
      expect(await net.client().readContract({ address: LOCAL_VAULT, abi: vaultAbi, functionName: 'requestPaid', args: [w.requestId!] })).toBe(false);
    } finally {
      await setApprovers(net.anvil.rpcUrl, [second.address]);
    }
  });

  it('flags a withdrawal with one approval when the Vault’s owner lowered the threshold below its amount after it', async () => {
    const w = await requested(bob, '100', '50');
    expect(await net.approve(s.db, s.clock, w.id, [deployer])).toMatchObject({ outcome: 'approved', approvalsNeeded: 1 });
    await owner('setApprovalThreshold', [parseEther('10')]);
    try {
      expect(await run()).toMatchObject({ sent: 0, flagged: [{ id: w.id, problem: expect.stringContaining('with TooFewApprovals') }] });
      // From now on the server asks what the chain asks: two above 10 WLD, though the console's threshold is 10,000.
      const next = await requested(bob, '100', '40');
      expect(await net.approve(s.db, s.clock, next.id, [deployer])).toMatchObject({ outcome: 'recorded', approvalsNeeded: 2 });
      expect(await net.approve(s.db, s.clock, next.id, [second])).toMatchObject({ outcome: 'approved' });
      expect(await run()).toMatchObject({ sent: 1, flagged: [] });
    } finally {
      await owner('setApprovalThreshold', [parseEther('10000')]);
    }
  });
});
