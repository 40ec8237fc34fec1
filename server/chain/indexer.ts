import { eq } from 'drizzle-orm';
import { type Address, type PublicClient, getAddress } from 'viem';
import { z } from 'zod';
import { vaultAbi } from '../../abi';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { chainCursors } from '../db/schema';
import { recordDeposit } from '../ledger/deposits';

export type IndexerConfig = { vault: Address; confirmations: number; startBlock: number; batchSize: number };

// Chain data is a boundary too: every event is checked before it can move money.
const rechargeArgs = z.object({
  rechargeId: z.bigint().positive(),
  user: z.string().transform((a) => getAddress(a)),
  amount: z.bigint().positive(),
  fee: z.bigint().nonnegative(),
});

const cursorName = (vault: Address) => `vault:${vault}`;

/**
 * Reads the Vault's Recharged events from the stored cursor up to head − confirmations (one batch) and
 * records them with the cursor advance in one transaction. Returns the number of events seen.
 */
export async function indexOnce(db: Db, client: PublicClient, config: IndexerConfig, clock: Clock): Promise<number> {
  // cacheTime 0: viem caches the block number per client for its polling interval, which would hide fresh blocks.
  const head = Number(await client.getBlockNumber({ cacheTime: 0 }));
  const safe = head - config.confirmations;
  const name = cursorName(config.vault);
  const [cursor] = await db.select().from(chainCursors).where(eq(chainCursors.name, name)).limit(1);
  const from = cursor?.nextBlock ?? config.startBlock;
  if (from > safe) return 0;
  const to = Math.min(safe, from + config.batchSize - 1);
  const logs = await client.getContractEvents({ address: config.vault, abi: vaultAbi, eventName: 'Recharged', fromBlock: BigInt(from), toBlock: BigInt(to), strict: true });
  await db.transaction(async (tx) => {
    for (const log of logs) {
      const args = rechargeArgs.parse(log.args);
      if (log.transactionHash === null || log.logIndex === null || log.blockNumber === null) continue;
      await recordDeposit(tx, { txHash: log.transactionHash, logIndex: log.logIndex, rechargeId: args.rechargeId, address: args.user, amount: args.amount, fee: args.fee, blockNumber: Number(log.blockNumber) }, clock);
    }
    await tx
      .insert(chainCursors)
      .values({ name, nextBlock: to + 1 })
      .onConflictDoUpdate({ target: chainCursors.name, set: { nextBlock: to + 1 } });
  });
  return logs.length;
}

/** Runs batches until caught up. */
export async function indexUntilCaughtUp(db: Db, client: PublicClient, config: IndexerConfig, clock: Clock): Promise<number> {
  let total = 0;
  for (let i = 0; i < 10_000; i++) {
    const before = await db.select().from(chainCursors).where(eq(chainCursors.name, cursorName(config.vault))).limit(1);
    total += await indexOnce(db, client, config, clock);
    const after = await db.select().from(chainCursors).where(eq(chainCursors.name, cursorName(config.vault))).limit(1);
    if (before[0]?.nextBlock === after[0]?.nextBlock) break;
  }
  return total;
}
