import { eq } from 'drizzle-orm';
import { parseEther } from 'viem';
import { runOp } from '../admin/ops';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { recordDeposit } from '../ledger/deposits';
import type { Clock } from '../clock';

let seq = 0;

/** A Recharged event as the indexer would record it. */
export async function deposit(db: Db, clock: Clock, address: `0x${string}`, wld: string) {
  seq += 1;
  await db.transaction((tx) =>
    recordDeposit(tx, { txHash: `0x${seq.toString(16).padStart(64, '0')}`, logIndex: 0, rechargeId: BigInt(seq), address, amount: parseEther(wld), fee: 10n ** 15n, blockNumber: seq }, clock),
  );
}

/** Levels of 100 and 500 WLD with 10-day periods at 1 % and 2 % a day. */
export async function seedLevels(db: Db) {
  const small = (await runOp(db, 'level.add', ['100', '10:1', '30:0.5'])) as { id: number };
  const big = (await runOp(db, 'level.add', ['500', '10:2'])) as { id: number };
  const { periods } = await import('../db/schema');
  const rows = await db.select().from(periods);
  const period = (levelId: number, day: number) => String(rows.find((p) => p.levelId === levelId && p.day === day)!.id);
  return { small: String(small.id), big: String(big.id), smallTen: period(small.id, 10), bigTen: period(big.id, 10) };
}

export async function userId(db: Db, address: string) {
  return (await db.select().from(users).where(eq(users.address, address)))[0]!.id;
}
