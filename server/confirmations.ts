import type { PublicClient } from 'viem';

/**
 * When a block counts as confirmed, for every reader of the chain (the indexer, the payout job, community
 * payments). `finalized`: at or below the chain's finalized block (Ethereum mainnet); `depth`: at or below
 * head − confirmations, for chains without finality worth waiting for. With 0 confirmations (the local stack)
 * the head itself is confirmed.
 */
export type Finality = 'finalized' | 'depth';
export type ConfirmationRule = { confirmations: number; finality?: Finality };

/** The highest confirmed block now (below 0 while the chain is shorter than the confirmations). */
export async function confirmedBlock(client: Pick<PublicClient, 'getBlock' | 'getBlockNumber'>, rule: ConfirmationRule): Promise<bigint> {
  if (rule.finality === 'finalized') return (await client.getBlock({ blockTag: 'finalized' })).number;
  // cacheTime 0: viem caches the block number per client for its polling interval, which would hide fresh blocks.
  return (await client.getBlockNumber({ cacheTime: 0 })) - BigInt(rule.confirmations);
}

/** Whether `block` is confirmed, given the highest confirmed block (confirmedBlock). */
export const isConfirmed = (block: bigint, confirmed: bigint) => block <= confirmed;
