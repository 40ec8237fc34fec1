import type { Address, PublicClient } from 'viem';
import { vaultAbi, wldTokenAbi } from '../../abi';
import { confirmedBlock } from '../confirmations';

export type VaultChain = { client: PublicClient; vault: Address };
export type VaultWld = { wld: bigint; block: bigint };

/**
 * The WLD the Vault holds at the chain's finalized block (confirmations.ts's rule with finality 'finalized',
 * whatever the indexer waits for): a reorg cannot take back what the reserves count. A token not yet deployed at
 * that block (a young chain: anvil finalizes 64 blocks behind its head) held nothing there.
 */
export async function vaultWldAtFinalized({ client, vault }: VaultChain): Promise<VaultWld> {
  const block = await confirmedBlock(client, { confirmations: 0, finality: 'finalized' });
  const token = await client.readContract({ address: vault, abi: vaultAbi, functionName: 'token' });
  const code = await client.getCode({ address: token, blockNumber: block });
  if (!code || code === '0x') return { wld: 0n, block };
  const wld = await client.readContract({ address: token, abi: wldTokenAbi, functionName: 'balanceOf', args: [vault], blockNumber: block });
  return { wld, block };
}
