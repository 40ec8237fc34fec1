import { toHex } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';

/** anvil's well-known development mnemonic: its accounts are funded with ETH on every fresh local chain. */
export const ANVIL_MNEMONIC = 'test test test test test test test test test test test junk';

export const anvilAccount = (index: number) => mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: index });

/**
 * Roles on the local chain: 0 deploys and owns, 9 is the server's payout operator, 99 (an account no spec uses
 * as a wallet) is the receiving address the seed adds for community application fees.
 */
export const LOCAL_ROLES = { deployer: 0, operator: 9, receiver: 99 } as const;

/** A development account's private key (the local server signs payouts with the operator's). */
export function anvilPrivateKey(index: number) {
  const key = anvilAccount(index).getHdKey().privateKey;
  if (!key) throw new Error(`no private key for anvil account ${index}`);
  return toHex(key);
}
