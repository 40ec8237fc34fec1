import { type Address, type Hash, type PublicClient, type TransactionReceipt, erc20Abi, isAddressEqual, parseEventLogs } from 'viem';
import { vaultAbi } from '../../abi';
import { type ConfirmationRule, confirmedBlock, isConfirmed } from '../confirmations';
import { AppError } from '../errors';

/**
 * The chain the payment is verified on: the indexer's client, Vault and confirmation rule (server/chain/settings.ts),
 * and the block from which payments are looked up (the indexer's START_BLOCK; 0 when unset).
 */
export type PaymentChain = { client: PublicClient; vault: Address; fromBlock?: bigint } & ConfirmationRule;

export type Payment = { hash: Hash; from: Address; to: Address; amount: bigint };

/** The Vault's receiving addresses, from the chain. */
export const vaultReceivers = (chain: PaymentChain) => chain.client.readContract({ address: chain.vault, abi: vaultAbi, functionName: 'allReceivers' });

const vaultToken = (chain: PaymentChain) => chain.client.readContract({ address: chain.vault, abi: vaultAbi, functionName: 'token' });

/** `to` must be one of the Vault's receiving addresses now. */
export async function checkReceiver(chain: PaymentChain, to: Address): Promise<void> {
  const receivers = await vaultReceivers(chain);
  if (!receivers.some((r) => isAddressEqual(r, to))) throw new AppError('notReceiver');
}

/**
 * Proves an application's payment on chain: a successful transaction sent by `from`, in a confirmed block
 * (server/confirmations.ts, as the indexer's), whose logs hold a WLD Transfer (the Vault's token) of exactly
 * `amount` from `from` to `to` (a receiving address: checkReceiver, which the application's checks run first).
 * Anything else is refused with a reason.
 */
export async function verifyPayment(chain: PaymentChain, payment: Payment): Promise<void> {
  let receipt: TransactionReceipt;
  try {
    receipt = await chain.client.getTransactionReceipt({ hash: payment.hash });
  } catch {
    throw new AppError('paymentNotFound');
  }
  if (receipt.status !== 'success' || !isAddressEqual(receipt.from, payment.from)) throw new AppError('paymentMismatch');
  if (!isConfirmed(receipt.blockNumber, await confirmedBlock(chain.client, chain))) throw unconfirmed(chain);
  const token = await vaultToken(chain);
  const transfers = parseEventLogs({ abi: erc20Abi, eventName: 'Transfer', logs: receipt.logs });
  const paid = transfers.some(
    (log) =>
      isAddressEqual(log.address, token) &&
      isAddressEqual(log.args.from, payment.from) &&
      isAddressEqual(log.args.to, payment.to) &&
      log.args.value === payment.amount,
  );
  if (!paid) throw new AppError('paymentMismatch');
}

/** The refusal of a payment not yet confirmed: not final yet, or fewer than the confirmations. */
const unconfirmed = (chain: PaymentChain) =>
  chain.finality === 'finalized' ? new AppError('paymentNotFinal') : new AppError('paymentUnconfirmed', { confirmations: String(chain.confirmations) });

/** The community's ERC20 token must answer totalSupply() on this chain. */
export async function checkCommunityToken(chain: PaymentChain, token: Address): Promise<void> {
  try {
    await chain.client.readContract({ address: token, abi: erc20Abi, functionName: 'totalSupply' });
  } catch {
    throw new AppError('communityTokenInvalid');
  }
}

export type FoundPayment = Payment & { block: bigint };

/**
 * WLD transfers (the Vault's token) to the Vault's current receiving addresses since `fromBlock`, oldest
 * first, read from the chain's logs: those from `from` only when given, of `amount` only when given. The
 * Vault's own sweeps to a receiver are not payments and are left out.
 */
export async function paymentsToReceivers(chain: PaymentChain, filter: { from?: Address; amount?: bigint } = {}): Promise<FoundPayment[]> {
  const receivers = await vaultReceivers(chain);
  if (receivers.length === 0) return [];
  const logs = await chain.client.getContractEvents({
    address: await vaultToken(chain),
    abi: erc20Abi,
    eventName: 'Transfer',
    args: { from: filter.from, to: [...receivers] },
    fromBlock: chain.fromBlock ?? 0n,
    toBlock: 'latest',
    strict: true,
  });
  return logs
    .filter((l) => !isAddressEqual(l.args.from, chain.vault) && (filter.amount === undefined || l.args.value === filter.amount))
    .map((l) => ({ hash: l.transactionHash, from: l.args.from, to: l.args.to, amount: l.args.value, block: l.blockNumber }));
}
