import type { Address, Hash } from 'viem';
import type { Config } from 'wagmi';
import { getBalance, getGasPrice } from 'wagmi/actions';
import { endpoints } from '@/lib/api/contract';
import { moneyOutShortfall } from '@/lib/money-out';
import type { ApiRequest } from '../api/useApiRequest';

/** Fresh reads before a withdraw or transfer request: the in-app balance, the wallet's ETH and the gas price. */
export async function moneyOutPreflight(config: Config, request: ApiRequest, account: Address, amount: bigint, fee: bigint, minimum: bigint) {
  const [balance, eth, gasPrice] = await Promise.all([
    request(endpoints.getBalance, {}).then((b) => BigInt(b.balance)),
    getBalance(config, { address: account }).then((b) => b.value),
    getGasPrice(config),
  ]);
  return moneyOutShortfall({ amount, balance, minimum, eth, fee, gasPrice });
}

export const RECORD_LISTS = { withdraw: endpoints.getWithdrawList, transfer: endpoints.getTransferList } as const;

/**
 * The server's indexer records a request a few seconds after it is mined: look for its transaction on the
 * first page of the list, once a second for up to a minute. False when it did not show up in time.
 */
export async function waitForRecord(request: ApiRequest, kind: keyof typeof RECORD_LISTS, hash: Hash) {
  for (let i = 0; i < 60; i++) {
    const page = await request(RECORD_LISTS[kind], { page: '1', limit: '10' }, { quiet: true }).catch(() => undefined);
    if (page?.list.some((r) => r.tx_hash.toLowerCase() === hash.toLowerCase())) return true;
    await new Promise((r) => setTimeout(r, 1000));
  }
  return false;
}
