// One rule for "confirmed on chain" (server/confirmations.ts), read the same way by the indexer, the payout job and
// community payments: at or below the finalized block where the chain has finality, else at or below head − N.
// On a real anvil whose finalized block is head − 2 (one slot per epoch), so the two modes answer differently.
import { eq } from 'drizzle-orm';
import { type Hash, parseEther } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_TOKEN, wldTokenAbi } from '../../abi';
import { anvilAccount } from '../../stack/accounts';
import { runOp } from '../admin/ops';
import { type IndexerConfig, indexUntilCaughtUp } from '../chain/indexer';
import { chainCursors } from '../chain/tables';
import { type PaymentChain, verifyPayment } from '../community/payment';
import { type ConfirmationRule, confirmedBlock } from '../confirmations';
import { AppError } from '../errors';
import { translate } from '../i18n';
import { balanceOf } from '../ledger/ledger';
import { runPayouts } from '../ledger/payouts';
import { withdrawals } from '../ledger/tables';
import { testServer } from './harness';
import { type LocalChain, localChain, localIndexer } from './local-chain';
import { userId } from './money';

let net: LocalChain;
let s: Awaited<ReturnType<typeof testServer>>;
const [alice, bob, carol] = [anvilAccount(3), anvilAccount(4), anvilAccount(5)];
const FINALIZED: ConfirmationRule = { confirmations: 0, finality: 'finalized' };

beforeAll(async () => {
  net = await localChain({ slotsInAnEpoch: 1 });
  s = await testServer();
  for (const a of [alice, bob, carol]) await runOp(s.db, 'root.add', [a.address]);
});
afterAll(async () => {
  await s.close();
  await net.stop();
});

const head = () => net.client().getBlockNumber({ cacheTime: 0 });
const row = async (id: number) => (await s.db.select().from(withdrawals).where(eq(withdrawals.id, id)))[0]!;
const blockOf = async (hash: Hash) => (await net.client().waitForTransactionReceipt({ hash })).blockNumber;

/** Recharges and requests `amount` back on chain, indexes, approves in the console (the local approver's signature); the withdrawal row. */
async function approvedWithdrawal(who: typeof alice, amount: string) {
  await net.vault(who, { functionName: 'recharge', args: [parseEther('100')] });
  await net.vault(who, { functionName: 'requestWithdraw', args: [parseEther(amount)] });
  await indexUntilCaughtUp(s.db, net.client(), localIndexer, s.clock);
  const w = (await s.db.select().from(withdrawals).where(eq(withdrawals.address, who.address)).orderBy(withdrawals.id)).at(-1)!;
  await net.approve(s.db, s.clock, w.id);
  return w;
}

/** The refusal verifyPayment answers, as its message in English (undefined when accepted). */
async function refusal(chain: PaymentChain, hash: Hash): Promise<string | undefined> {
  const payment = { hash, from: carol.address, to: bob.address, amount: parseEther('1') };
  return verifyPayment(chain, payment).then(
    () => undefined,
    (e: unknown) => (e instanceof AppError ? translate(e.key, 'en', e.params) : String(e)),
  );
}

describe('the confirmed block', () => {
  it("is head − N by depth and the chain's finalized block with finality, even when that is lower than head − N", async () => {
    await net.mineTo(10n);
    const now = await head();
    expect(await confirmedBlock(net.client(), { confirmations: 3 })).toBe(now - 3n);
    expect(await confirmedBlock(net.client(), { confirmations: 0, finality: 'depth' })).toBe(now);
    const finalized = (await net.client().getBlock({ blockTag: 'finalized' })).number;
    expect(finalized).toBe(now - 2n);
    expect(await confirmedBlock(net.client(), FINALIZED)).toBe(finalized);
    expect(await confirmedBlock(net.client(), { confirmations: 1, finality: 'finalized' })).toBe(finalized);
  });
});

describe('a payout', () => {
  it('is marked paid once its block is N deep, not one block earlier', async () => {
    const w = await approvedWithdrawal(alice, '10');
    const chain = { ...net.payouts(), confirmations: 3 };
    expect(await runPayouts(s.db, chain, s.clock)).toMatchObject({ sent: 1 });
    const block = await blockOf((await row(w.id)).payoutTxHash as Hash);
    await net.mineTo(block + 2n);
    expect(await runPayouts(s.db, chain, s.clock)).toMatchObject({ confirmed: 0 });
    expect((await row(w.id)).paidAt).toBeNull();
    await net.mineTo(block + 3n);
    expect(await runPayouts(s.db, chain, s.clock)).toMatchObject({ confirmed: 1 });
    expect((await row(w.id)).paidAt).toEqual(expect.any(Date));
  });

  it('with finality, is marked paid only once its block is finalized, whatever the confirmations', async () => {
    const w = await approvedWithdrawal(bob, '5');
    const chain = { ...net.payouts(), ...FINALIZED };
    expect(await runPayouts(s.db, chain, s.clock)).toMatchObject({ sent: 1 });
    const block = await blockOf((await row(w.id)).payoutTxHash as Hash);
    await net.mineTo(block + 1n);
    expect(await runPayouts(s.db, chain, s.clock)).toMatchObject({ confirmed: 0 });
    expect((await row(w.id)).paidAt).toBeNull();
    await net.mineTo(block + 2n);
    expect(await runPayouts(s.db, chain, s.clock)).toMatchObject({ confirmed: 1 });
  });
});

describe('a community payment', () => {
  it('with finality, is refused as not final until its block is finalized, then accepted', async () => {
    const hash = await net
      .wallet(carol)
      .writeContract({ address: LOCAL_TOKEN, abi: wldTokenAbi, functionName: 'transfer', args: [bob.address, parseEther('1')] });
    const block = await blockOf(hash);
    const chain: PaymentChain = { client: net.client(), vault: localIndexer.vault, ...FINALIZED };
    await net.mineTo(block + 1n);
    expect(await refusal(chain, hash)).toBe(translate('paymentNotFinal', 'en'));
    expect(translate('paymentNotFinal', 'zh')).toBe('付款所在区块尚未最终确认，请稍后再提交');
    await net.mineTo(block + 2n);
    expect(await refusal(chain, hash)).toBeUndefined();
  });
});

describe('a deposit', () => {
  it('with finality, is indexed once its block is finalized, not before', async () => {
    await s.db.delete(chainCursors);
    const start = Number(await head()) + 1;
    await net.vault(carol, { functionName: 'recharge', args: [parseEther('7')] });
    const block = await head();
    const config: IndexerConfig = { ...localIndexer, ...FINALIZED, startBlock: start };
    const id = await userId(s.db, carol.address);
    await net.mineTo(block + 1n);
    expect(await indexUntilCaughtUp(s.db, net.client(), config, s.clock)).toBe(0);
    expect(await balanceOf(s.db, id)).toBe(0n);
    await net.mineTo(block + 2n);
    expect(await indexUntilCaughtUp(s.db, net.client(), config, s.clock)).toBe(1);
    expect(await balanceOf(s.db, id)).toBe(parseEther('7'));
  });
});
