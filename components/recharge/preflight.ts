import type { Address } from 'viem';
import type { Config } from 'wagmi';
import { getBalance, getGasPrice } from 'wagmi/actions';
import { env } from '@/lib/env';
import { rechargeShortfall } from '@/lib/recharge';
import { readChain } from '../api/useContractRead';

/**
 * Fresh chain reads before a recharge sends anything: what is short (WLD, or ETH for the fee and gas),
 * and the Vault's current allowance, so an approve is sent only when needed and only for the amount.
 */
export async function rechargePreflight(config: Config, account: Address, amount: bigint, fee: bigint) {
  const [wld, allowance, eth, gasPrice] = await Promise.all([
    readChain(config, 'WLD', 'balanceOf', [account]),
    readChain(config, 'WLD', 'allowance', [account, env.vaultAddress]),
    getBalance(config, { address: account }).then((b) => b.value),
    getGasPrice(config),
  ]);
  return { shortfall: rechargeShortfall({ amount, wld, eth, fee, gasPrice }), needsApproval: allowance < amount };
}
