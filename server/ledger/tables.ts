import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, money } from '../db/columns';
import { users } from '../users/tables';

/** One balance per user in WLD base units; the database refuses a negative one. */
export const balances = pgTable('balances', {
  userId: integer('user_id').primaryKey().references(() => users.id),
  amount: money('amount').notNull().default(sql`0`),
}, (t) => [check('balances_never_negative', sql`${t.amount} >= 0`)]);

/**
 * Every movement of money; written in the same transaction as the balance change it explains. No foreign key
 * on user_id: every entry is written with its balance row (which references users), and `ledger.check`
 * reports any entry without one. `post` (server/ledger/ledger.ts) keys each movement (unique idempotency key);
 * the daily job's dividend and reward entries have none: each is written from a dividends row its run
 * inserted, and the dividends key (stake, day) is what refuses a second payment, so a second index over a
 * million text keys a day would only slow the job. A stake's own entry has none either (since migration 0014;
 * earlier ones keep 'stake:<id>'): it is written in the statement that opens the stake, once per stake_id.
 */
export const ledgerEntries = pgTable('ledger_entries', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull(),
  type: text('type').notNull(),
  amount: money('amount').notNull(),
  stakeId: integer('stake_id'),
  depositId: integer('deposit_id'),
  idempotencyKey: text('idempotency_key'),
  createdAt: createdAt(),
}, (t) => [
  check('ledger_entries_type', sql`${t.type} in ('deposit', 'stake', 'upgrade', 'dividend', 'redemption', 'withdraw', 'withdraw-refund', 'transfer-out', 'transfer-in', 'reward-direct', 'reward-team')`),
  check('ledger_entries_nonzero', sql`${t.amount} <> 0`),
  // the only read by member is the reward totals (rewardSummary); the dividend entries stay out of it (migration 0012)
  index('ledger_entries_rewards').on(t.userId, t.id).where(sql`${t.type} in ('reward-direct', 'reward-team')`),
  uniqueIndex('ledger_entries_idempotency_key').on(t.idempotencyKey).where(sql`${t.idempotencyKey} is not null`),
]);

/** Vault Recharged events, credited at most once per (tx hash, log index). */
export const deposits = pgTable('deposits', {
  id: serial('id').primaryKey(),
  txHash: text('tx_hash').notNull(),
  logIndex: integer('log_index').notNull(),
  address: text('address').notNull(),
  amount: money('amount').notNull(),
  fee: money('fee').notNull(),
  blockNumber: integer('block_number').notNull(),
  creditedAt: timestamp('credited_at', { withTimezone: true }),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('deposits_event').on(t.txHash, t.logIndex), index('deposits_address').on(t.address)]);

/** Mirrors the withdrawals_status check below; the reply type WithdrawStatus in lib/api/replies.ts names the same four. */
export const WITHDRAW_STATUSES = ['under-review', 'audit-failed', 'audit-successful', 'failed-insufficient'] as const;

/**
 * Vault WithdrawRequested events, recorded once per (tx hash, log index), with the Vault's id for the request
 * (`requestId`; null on rows indexed before the Vault numbered requests, which the payout job leaves alone).
 * Under review, the amount is held (debited); an approval is paid by the operator with
 * Vault.payout(requestId, amount), which pays only the requester, at most the amount, once; `payoutTxHash` is
 * set when sent and `paidAt` once confirmed. `payoutProblem` flags, for the operator, a request the Vault says
 * was paid other than owed (another key's PaidOut), or that does not match the row: the job skips it from then on.
 */
export const withdrawals = pgTable('withdrawals', {
  id: serial('id').primaryKey(),
  txHash: text('tx_hash').notNull(),
  logIndex: integer('log_index').notNull(),
  requestId: bigint('request_id', { mode: 'bigint' }),
  address: text('address').notNull(),
  userId: integer('user_id').references(() => users.id),
  amount: money('amount').notNull(),
  fee: money('fee').notNull(),
  blockNumber: integer('block_number').notNull(),
  status: text('status').$type<(typeof WITHDRAW_STATUSES)[number]>().notNull(),
  reason: text('reason').notNull().default(''),
  reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  payoutTxHash: text('payout_tx_hash'),
  payoutProblem: text('payout_problem'),
  paidAt: timestamp('paid_at', { withTimezone: true }),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('withdrawals_event').on(t.txHash, t.logIndex),
  index('withdrawals_user').on(t.userId, t.id),
  index('withdrawals_status').on(t.status),
  check('withdrawals_status', sql`${t.status} in ('under-review', 'audit-failed', 'audit-successful', 'failed-insufficient')`),
]);

/** Vault TransferRequested events, recorded once per (tx hash, log index): done (both sides moved) or failed (nothing moved). */
export const transfers = pgTable('transfers', {
  id: serial('id').primaryKey(),
  txHash: text('tx_hash').notNull(),
  logIndex: integer('log_index').notNull(),
  fromAddress: text('from_address').notNull(),
  toAddress: text('to_address').notNull(),
  fromUserId: integer('from_user_id').references(() => users.id),
  toUserId: integer('to_user_id').references(() => users.id),
  amount: money('amount').notNull(),
  fee: money('fee').notNull(),
  blockNumber: integer('block_number').notNull(),
  status: text('status').$type<'done' | 'failed'>().notNull(),
  reason: text('reason').notNull().default(''),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('transfers_event').on(t.txHash, t.logIndex),
  index('transfers_from').on(t.fromUserId, t.id),
  index('transfers_to').on(t.toUserId, t.id),
  check('transfers_status', sql`${t.status} in ('done', 'failed')`),
]);
