import { and, desc, eq, or } from 'drizzle-orm';
import type { Page, RechargeRecord, TransferRecord, WithdrawRecord } from '../../lib/api/replies';
import type { Db } from '../db/client';
import { deposits, transfers, withdrawals } from './tables';
import { type Window, readPage } from '../paging';
import type { User } from '../users/registry';

const seconds = (d: Date) => String(Math.floor(d.getTime() / 1000));

export async function rechargeRecords(db: Db, user: User, page: number, limit: number): Promise<Page<RechargeRecord>> {
  const read = (w: Window) => db.select().from(deposits).where(eq(deposits.address, user.address)).orderBy(desc(deposits.id)).limit(w.limit).offset(w.offset);
  return readPage(page, limit, read, (d) => ({
    id: String(d.id),
    amount: d.amount.toString(),
    fee: d.fee.toString(),
    tx_hash: d.txHash,
    credited: Boolean(d.creditedAt),
    create_time: seconds(d.createdAt),
  }));
}

export async function withdrawRecords(db: Db, user: User, page: number, limit: number): Promise<Page<WithdrawRecord>> {
  const read = (p: Window) =>
    db.select().from(withdrawals).where(eq(withdrawals.address, user.address)).orderBy(desc(withdrawals.id)).limit(p.limit).offset(p.offset);
  return readPage(page, limit, read, (w) => ({
    id: String(w.id),
    amount: w.amount.toString(),
    address: w.address,
    status: w.status,
    fee: w.fee.toString(),
    reason: w.reason,
    tx_hash: w.txHash,
    payout_tx_hash: w.payoutTxHash ?? '',
    paid: Boolean(w.paidAt),
    create_time: seconds(w.createdAt),
  }));
}

/** Sent transfers (done or failed) and received ones (done only: a failed one never reached this member). */
export async function transferRecords(db: Db, user: User, page: number, limit: number): Promise<Page<TransferRecord>> {
  const mine = or(eq(transfers.fromAddress, user.address), and(eq(transfers.toUserId, user.id), eq(transfers.status, 'done')));
  const read = (w: Window) => db.select().from(transfers).where(mine).orderBy(desc(transfers.id)).limit(w.limit).offset(w.offset);
  return readPage(page, limit, read, (t) => {
    const out = t.fromAddress === user.address;
    return {
      id: String(t.id),
      direction: out ? ('out' as const) : ('in' as const),
      counterparty: out ? t.toAddress : t.fromAddress,
      amount: t.amount.toString(),
      fee: out ? t.fee.toString() : '0',
      status: t.status,
      reason: t.reason,
      tx_hash: t.txHash,
      create_time: seconds(t.createdAt),
    };
  });
}
