import { expect } from '@playwright/test';
import { type Address, parseEther } from 'viem';
import { fundAccount } from '../../stack/fund';
import { admin, apiUser } from './api';

/**
 * A member who joins from Node: funded on the chain, registered under `inviter` (or made a root by the
 * operator when there is none), recharged with exactly `wld` and staking all of it for `days` days.
 */
export async function joinAndStake(opts: { account: number; inviter?: Address; wld: string; days: string }) {
  const user = apiUser(opts.account);
  await fundAccount(process.env.CHAIN_URL!, opts.account, opts.wld);
  if (opts.inviter) await user.register(opts.inviter);
  else {
    await admin('root.add', user.address);
    await user.login();
  }
  await user.recharge(opts.wld);
  // The indexer credits the recharge within seconds on the local stack.
  await expect
    .poll(async () => BigInt((await user.call<{ balance: string }>('userapi/getBalance')).balance) >= parseEther(opts.wld), {
      message: `the recharge of ${opts.wld} WLD to ${user.address} is credited`,
      timeout: 30_000,
    })
    .toBe(true);
  await user.stake(opts.wld, opts.days);
  return user;
}
