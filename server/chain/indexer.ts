import { eq } from 'drizzle-orm';
import { type Address, type Log, type PublicClient, decodeEventLog, getAbiItem, getAddress, toEventSelector } from 'viem';
import { z } from 'zod';
import { vaultAbi } from '../../abi';
import type { Clock } from '../clock';
import { type Finality, confirmedBlock } from '../confirmations';
import type { Db, Tx } from '../db/client';
import { chainCursors } from './tables';
import { recordDeposit } from '../ledger/deposits';
import { recordTransferRequest } from '../ledger/transfers';
import { recordWithdrawRequest } from '../ledger/withdrawals';

/** `confirmations` and `finality`: which blocks are confirmed (server/confirmations.ts); only those are indexed. */
export type IndexerConfig = { vault: Address; confirmations: number; startBlock: number; batchSize: number; finality?: Finality };

// Chain data is a boundary too: every event is checked before it can move money.
const address = z.string().transform((a) => getAddress(a));
// Each event is keyed by its tx hash and log index. A withdraw request also carries the Vault's id for it, which
// the payout job pays by; recharges and transfers carry none.
const amounts = { amount: z.bigint().positive(), fee: z.bigint().nonnegative() };
const rechargeArgs = z.object({ user: address, ...amounts });
const withdrawArgs = z.object({ requestId: z.bigint().positive().max(BigInt(Number.MAX_SAFE_INTEGER)), user: address, ...amounts });
const transferArgs = z.object({ from: address, to: address, ...amounts });
const MONEY_EVENTS = ['Recharged', 'WithdrawRequested', 'TransferRequested'] as const;
const MONEY_TOPICS = new Set<string>(MONEY_EVENTS.map((name) => toEventSelector(getAbiItem({ abi: vaultAbi, name }))));
type Located = { txHash: string; logIndex: number; blockNumber: number };

/**
 * One Vault event into the ledger, inside the indexer's transaction; other events are not money. Each record is
 * dated by the server's clock, as stakes and mail are: on the local stack that clock moves with `clock.advance`.
 */
async function recordEvent(tx: Tx, log: { eventName: string; args: unknown }, at: Located, clock: Clock) {
  if (log.eventName === 'Recharged') {
    const a = rechargeArgs.parse(log.args);
    return recordDeposit(tx, { ...at, address: a.user, amount: a.amount, fee: a.fee }, clock);
  }
  if (log.eventName === 'WithdrawRequested') {
    const a = withdrawArgs.parse(log.args);
    return recordWithdrawRequest(tx, { ...at, requestId: a.requestId, address: a.user, amount: a.amount, fee: a.fee }, clock);
  }
  if (log.eventName === 'TransferRequested') {
    const a = transferArgs.parse(log.args);
    return recordTransferRequest(tx, { ...at, from: a.from, to: a.to, amount: a.amount, fee: a.fee }, clock);
  }
}

/** A log with a money event's topic that does not decode as that event: nothing is recorded, the cursor stays. */
export class MalformedEventError extends Error {}

/**
 * The money events among the Vault's logs, decoded strictly. viem's getContractEvents drops a log it cannot decode,
 * which would skip a deposit and move the cursor past it for good; here such a log stops the indexer instead.
 */
function moneyEvents(logs: Log[]) {
  return logs
    .filter((log) => log.topics[0] !== undefined && MONEY_TOPICS.has(log.topics[0]))
    .map((log) => {
      try {
        return { ...log, ...decodeEventLog({ abi: vaultAbi, data: log.data, topics: log.topics, strict: true }) };
      } catch (error) {
        throw new MalformedEventError(
          `malformed money event in block ${log.blockNumber}, tx ${log.transactionHash} log ${log.logIndex}: ${(error as Error).message.split('\n')[0]}`,
        );
      }
    });
}

const cursorName = (vault: Address) => `vault:${vault}`;

export class ReorgError extends Error {}

/**
 * Reads the Vault's money events (recharges, withdraw and transfer requests) from the stored cursor up to the
 * safe block (one batch) and records them with the cursor advance in one transaction. Returns the number of
 * events seen. Stops with a ReorgError, changing nothing, when the last indexed block's hash differs now:
 * the chain reorganised below the cursor, which the confirmations were meant to rule out, so an operator
 * must look before anything more is credited. Stops the same way, with a MalformedEventError, on a money event
 * that does not decode.
 */
export async function indexOnce(db: Db, client: PublicClient, config: IndexerConfig, clock: Clock): Promise<number> {
  const safe = Number(await confirmedBlock(client, config));
  const name = cursorName(config.vault);
  const [cursor] = await db.select().from(chainCursors).where(eq(chainCursors.name, name)).limit(1);
  const from = cursor?.nextBlock ?? config.startBlock;
  if (cursor?.lastHash && cursor.lastBlock === from - 1) {
    const now = (await client.getBlock({ blockNumber: BigInt(cursor.lastBlock) })).hash;
    if (now !== cursor.lastHash) throw new ReorgError(`reorg below the cursor: block ${cursor.lastBlock} was ${cursor.lastHash}, is ${now}`);
  }
  if (from > safe) return 0;
  const to = Math.min(safe, from + config.batchSize - 1);
  const lastHash = (await client.getBlock({ blockNumber: BigInt(to) })).hash;
  const logs = moneyEvents(await client.getLogs({ address: config.vault, fromBlock: BigInt(from), toBlock: BigInt(to) }));
  await db.transaction(async (tx) => {
    for (const log of logs) {
      if (log.transactionHash === null || log.logIndex === null || log.blockNumber === null) continue;
      await recordEvent(tx, log, { txHash: log.transactionHash, logIndex: log.logIndex, blockNumber: Number(log.blockNumber) }, clock);
    }
    await tx
      .insert(chainCursors)
      .values({ name, nextBlock: to + 1, lastBlock: to, lastHash })
      .onConflictDoUpdate({ target: chainCursors.name, set: { nextBlock: to + 1, lastBlock: to, lastHash } });
  });
  return logs.length;
}

/** Runs batches until caught up. */
export async function indexUntilCaughtUp(db: Db, client: PublicClient, config: IndexerConfig, clock: Clock): Promise<number> {
  let total = 0;
  for (let i = 0; i < 10_000; i++) {
    const before = await db
      .select()
      .from(chainCursors)
      .where(eq(chainCursors.name, cursorName(config.vault)))
      .limit(1);
    total += await indexOnce(db, client, config, clock);
    const after = await db
      .select()
      .from(chainCursors)
      .where(eq(chainCursors.name, cursorName(config.vault)))
      .limit(1);
    if (before[0]?.nextBlock === after[0]?.nextBlock) break;
  }
  return total;
}
