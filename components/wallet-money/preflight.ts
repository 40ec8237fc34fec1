import type { Address } from 'viem';
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
