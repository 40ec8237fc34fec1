import { type Address, type LocalAccount, type PublicClient, createPublicClient, createWalletClient, http } from 'viem';
import { eq } from 'drizzle-orm';
import { foundry } from 'viem/chains';
import { LOCAL_TOKEN, LOCAL_VAULT, vaultAbi, wldTokenAbi } from '../../abi';
import { LOCAL_ROLES, anvilAccount, anvilPrivateKey } from '../../stack/accounts';
import { startAnvil } from '../../stack/anvil';
import { deployLocal } from '../../stack/deploy';
import { freePort } from '../../stack/ports';
import { approvalChain } from '../chain/approvals';
import type { IndexerConfig } from '../chain/indexer';
import { payoutChain } from '../chain/settings';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { AppError } from '../errors';
import { approveWithdrawalSigned, payoutTypedData } from '../operators/approvals';
import { addOperator } from '../operators/operators';
import { withdrawals } from '../ledger/tables';

/** The indexer's settings for the local deployment: no confirmations to wait for. */
export const localIndexer: IndexerConfig = { vault: LOCAL_VAULT, confirmations: 0, startBlock: 0, batchSize: 50 };

export type VaultCall = { functionName: 'recharge' | 'requestWithdraw'; args: [bigint] } | { functionName: 'requestTransfer'; args: [Address, bigint] };

/**
 * Withdrawal `id` approved in the console by `approvers` (each an auditor operator signing the EIP-712 payout for
 * the local Vault): by default the local deployer, whom the local deploy names the Vault's approver. The outcome
 * of the last approval.
 */
export async function approveLocally(
  db: Db,
  clock: Clock,
  client: PublicClient,
  id: number,
  approvers: readonly LocalAccount[] = [anvilAccount(LOCAL_ROLES.deployer)],
) {
  const vault = approvalChain(client, LOCAL_VAULT, foundry.id);
  let outcome;
  for (const approver of approvers) {
    await addOperator(db, clock, null, { address: approver.address, roles: ['auditor'] }).catch((error: unknown) => {
      if (!(error instanceof AppError && error.key === 'consoleOperatorExists')) throw error;
    });
    const [w] = await db.select().from(withdrawals).where(eq(withdrawals.id, id));
    const signature = await approver.signTypedData(payoutTypedData(vault, { ...w!, requestId: w!.requestId! }));
    outcome = await approveWithdrawalSigned(db, clock, vault, approver.address, id, signature);
  }
  return outcome;
}

/**
 * A fresh anvil chain with the local WLD and Vault deployed, and the calls the money-out suites make on it.
 * `slotsInAnEpoch`: anvil's finalized block is head − 2 × slots (stack/anvil.ts).
 */
export async function localChain(opts: { slotsInAnEpoch?: number } = {}) {
  const anvil = await startAnvil({ port: await freePort(), slotsInAnEpoch: opts.slotsInAnEpoch });
  await deployLocal(anvil.rpcUrl, null);
  const chain = { ...foundry, rpcUrls: { default: { http: [anvil.rpcUrl] } } };
  // A new client per use, as the server makes one per job run: no block number cached between two steps of a test.
  const client = () => createPublicClient({ chain, transport: http(anvil.rpcUrl) });
  const wallet = (account: LocalAccount) => createWalletClient({ chain, account, transport: http(anvil.rpcUrl) });
  return {
    anvil,
    client,
    wallet,
    /** The payout job's chain, with the local operator key. */
    payouts: () => payoutChain(client(), anvil.rpcUrl, anvilPrivateKey(LOCAL_ROLES.operator), localIndexer),
    /** The Vault's approvals side: its domain on this chain, its approvers and threshold. */
    approvals: () => approvalChain(client(), LOCAL_VAULT, foundry.id),
    /** Withdrawal `id` approved in the console (approveLocally) on this chain. */
    approve: (db: Db, clock: Clock, id: number, approvers?: readonly LocalAccount[]) => approveLocally(db, clock, client(), id, approvers),
    /** WLD held on chain. */
    tokens: (a: { address: Address }) => client().readContract({ address: LOCAL_TOKEN, abi: wldTokenAbi, functionName: 'balanceOf', args: [a.address] }),
    /** A Vault call from `who`, approving the WLD of a recharge first and paying the Vault's fee; waits for the receipt. */
    async vault(who: LocalAccount, call: VaultCall) {
      const signer = wallet(who);
      if (call.functionName === 'recharge') {
        await client().waitForTransactionReceipt({
          hash: await signer.writeContract({ address: LOCAL_TOKEN, abi: wldTokenAbi, functionName: 'approve', args: [LOCAL_VAULT, call.args[0]] }),
        });
      }
      const fee = await client().readContract({ address: LOCAL_VAULT, abi: vaultAbi, functionName: 'fee' });
      await client().waitForTransactionReceipt({ hash: await signer.writeContract({ address: LOCAL_VAULT, abi: vaultAbi, ...call, value: fee } as never) });
    },
    /** Mines empty blocks until the head is `height`. */
    async mineTo(height: bigint) {
      const head = await client().getBlockNumber({ cacheTime: 0 });
      if (height > head) await client().request({ method: 'anvil_mine' as never, params: [`0x${(height - head).toString(16)}`] as never });
    },
    stop: () => anvil.stop(),
  };
}
export type LocalChain = Awaited<ReturnType<typeof localChain>>;
