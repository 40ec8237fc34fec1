import { existsSync, readFileSync } from 'node:fs';
import { type Hex, type PublicClient, createWalletClient, getAddress, http, isAddress } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { PaymentChain } from '../community/payment';
import type { PayoutChain } from '../ledger/payout-vault';
import { payoutSignatures } from '../operators/approvals';
import { z } from 'zod';
import type { ServerConfig } from '../config';
import type { IndexerConfig } from './indexer';

// The file the deploy script writes (stack/deploy.ts); other fields are ignored.
const deploymentFile = z.object({
  rpcUrl: z.string(),
  vault: z
    .string()
    .refine((a) => isAddress(a), 'not an address')
    .transform((a) => getAddress(a)),
});

export type ChainSettings = { rpcUrl: string; indexer: IndexerConfig };

/**
 * The chain to index: CHAIN_RPC_URL and VAULT_ADDRESS over the deployment file's values; none when
 * neither the variable nor the file names a chain.
 */
export function chainSettings(chain: ServerConfig['chain']): ChainSettings | undefined {
  const file = existsSync(chain.deploymentFile) ? readDeployment(chain.deploymentFile) : undefined;
  if (!chain.rpcUrl && !file) return undefined;
  const vault = chain.vault ?? file?.vault;
  if (!vault) throw new Error(`VAULT_ADDRESS: required with CHAIN_RPC_URL when there is no ${chain.deploymentFile}`);
  return {
    rpcUrl: chain.rpcUrl ?? file?.rpcUrl ?? '',
    indexer: { vault, confirmations: chain.confirmations, startBlock: chain.startBlock, batchSize: 2000, finality: chain.finality },
  };
}

/** The chain community payments are verified and looked up on: the indexer's Vault, confirmation rule and start block. */
export const paymentChain = (client: PublicClient, indexer: IndexerConfig): PaymentChain => ({
  client,
  vault: indexer.vault,
  confirmations: indexer.confirmations,
  finality: indexer.finality,
  fromBlock: BigInt(indexer.startBlock),
});

/** Refuses to index a chain other than the configured one (a wrong RPC URL would credit another chain's events). */
export async function assertChainId(client: Pick<PublicClient, 'getChainId'>, expected: number): Promise<void> {
  const actual = await client.getChainId();
  if (actual !== expected) throw new Error(`CHAIN_RPC_URL serves chain ${actual}, but CHAIN_ID is ${expected}`);
}

/** The operator's side of the chain: a wallet client with its key, for the payout job, and the approvals' signatures it sends. */
export function payoutChain(client: PublicClient, rpcUrl: string, operatorKey: Hex, indexer: IndexerConfig): PayoutChain {
  const operator = privateKeyToAccount(operatorKey);
  return {
    client,
    wallet: createWalletClient({ account: operator, transport: http(rpcUrl) }),
    operator,
    vault: indexer.vault,
    confirmations: indexer.confirmations,
    finality: indexer.finality,
    signatures: payoutSignatures,
  };
}

function readDeployment(path: string) {
  const parsed = deploymentFile.safeParse(JSON.parse(readFileSync(path, 'utf8')));
  if (!parsed.success) throw new Error(`${path}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  return parsed.data;
}
