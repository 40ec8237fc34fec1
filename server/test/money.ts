import { eq } from 'drizzle-orm';
import { parseEther } from 'viem';
import { runOp } from '../admin/ops';
import type { Db } from '../db/client';
import { withdrawals } from '../ledger/tables';
import { users } from '../users/tables';
import { recordDeposit } from '../ledger/deposits';
import { recordTransferRequest } from '../ledger/transfers';
import { recordWithdrawRequest } from '../ledger/withdrawals';
import { type Clock, systemClock } from '../clock';

let seq = 0;
/** Where a made-up Vault event sits: a fresh transaction hash each time. */
const nextEvent = () => {
  seq += 1;
  return { txHash: `0x${seq.toString(16).padStart(64, '0')}`, logIndex: 0, blockNumber: seq, fee: 10n ** 15n };
};

/** A Recharged event as the indexer would record it. */
export async function deposit(db: Db, clock: Clock, address: `0x${string}`, wld: string) {
  const at = nextEvent();
  await db.transaction((tx) => recordDeposit(tx, { ...at, address, amount: parseEther(wld) }, clock));
}

/** A WithdrawRequested event as the indexer would record it; returns the withdrawal's id. */
export async function withdrawRequest(db: Db, address: `0x${string}`, wld: string, clock: Clock = systemClock) {
  const at = nextEvent();
  await db.transaction((tx) => recordWithdrawRequest(tx, { ...at, requestId: BigInt(at.blockNumber), address, amount: parseEther(wld) }, clock));
  return (await db.select({ id: withdrawals.id }).from(withdrawals).where(eq(withdrawals.txHash, at.txHash)))[0]!.id;
}

/** A TransferRequested event as the indexer would record it. */
export async function transferRequest(db: Db, from: `0x${string}`, to: `0x${string}`, wld: string, clock: Clock = systemClock) {
  const at = nextEvent();
  await db.transaction((tx) => recordTransferRequest(tx, { ...at, from, to, amount: parseEther(wld) }, clock));
}

/** Levels of 100 and 500 WLD with 10-day periods at 1 % and 2 % a day. */
export async function seedLevels(db: Db) {
  const small = (await runOp(db, 'level.add', ['100', '10:1', '30:0.5'])) as { id: number };
  const big = (await runOp(db, 'level.add', ['500', '10:2'])) as { id: number };
  const { periods } = await import('../staking/tables');
  const rows = await db.select().from(periods);
  const period = (levelId: number, day: number) => String(rows.find((p) => p.levelId === levelId && p.day === day)!.id);
  return { small: String(small.id), big: String(big.id), smallTen: period(small.id, 10), smallThirty: period(small.id, 30), bigTen: period(big.id, 10) };
}

export async function userId(db: Db, address: string) {
  return (await db.select().from(users).where(eq(users.address, address)))[0]!.id;
}
