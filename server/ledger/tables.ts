import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, money, percent } from '../db/columns';
import { users } from '../users/tables';

/** One balance per user in WLD base units; the database refuses a negative one. */
export const balances = pgTable(
  'balances',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id),
    amount: money('amount')
      .notNull()
      .default(sql`0`),
  },
  (t) => [check('balances_never_negative', sql`${t.amount} >= 0`)],
);

/**
 * Every movement of money but a dividend (those are `dividends` rows, below); written in the same transaction as the
 * balance change it explains, so a member's balance is the sum of their entries and of the dividends they are the
 * source of (`ledger:check`, ledger.ts). No foreign key on user_id: every entry is written with its balance row
 * (which references users), and `ledger.check` reports any entry without one. `post` (server/ledger/ledger.ts)
 * keys each movement (unique idempotency key); the daily job's reward entries have none: each is written from the
 * dividends rows its run inserted, and the dividends key (stake, day) is what refuses a second payment, so a second
 * index over text keys would only slow the job. A stake's own entry has none either (since migration 0014; earlier
 * ones keep 'stake:<id>'): it is written in the statement that opens the stake, once per stake_id. Type 'dividend'
 * is kept for entries written before migration 0021 that it could not match to dividends rows (none expected).
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    type: text('type').notNull(),
    amount: money('amount').notNull(),
    stakeId: integer('stake_id'),
    depositId: integer('deposit_id'),
    idempotencyKey: text('idempotency_key'),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'ledger_entries_type',
      sql`${t.type} in ('deposit', 'stake', 'upgrade', 'dividend', 'redemption', 'withdraw', 'withdraw-refund', 'transfer-out', 'transfer-in', 'reward-direct', 'reward-team')`,
    ),
    check('ledger_entries_nonzero', sql`${t.amount} <> 0`),
    // the only read by member but the console's is the reward totals (rewardSummary)
    index('ledger_entries_rewards')
      .on(t.userId, t.id)
      .where(sql`${t.type} in ('reward-direct', 'reward-team')`),
    uniqueIndex('ledger_entries_idempotency_key')
      .on(t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
  ],
);

/**
 * Paid dividends, at most one per (stake, day): each row IS the staker's ledger entry for that dividend (migration
 * 0021; no `ledger_entries` row of its own), credited to `source_user_id`'s balance in the statement that
 * inserts it (set-posts.ts `dividendsFrom`). It also holds the referral rewards the dividend paid up its staker's
 * line (docs/rewards.md), so each reward (beneficiary, kind, stake, day) exists at most once; the rewards' money
 * moves as `reward-direct`/`reward-team` ledger entries (one per beneficiary, kind and run). Generation g's member
 * is `g<g>Id`; `g<g>Rate` is the generation's percent and `g<g>Bonus` the community-level differential percent
 * they earned (0 when they earned none). Generation 1 earns `g1Direct` (direct reward) and `g1Team` (its
 * bonus); generations 2 and 3 earn `g2Team`, `g3Team`; each floor(amount × percent / 100). Written only by the
 * daily job from stakes and users in one statement, so no foreign keys (their per-row checks cost more than
 * the insert itself at a million stakes), and no index but the key (migration 0012): a member's rewards are read
 * through their team's stakes (server/views/rewards.ts), a member's dividends through their stakes.
 */
export const dividends = pgTable(
  'dividends',
  {
    stakeId: integer('stake_id').notNull(),
    day: integer('day').notNull(),
    amount: money('amount').notNull(),
    sourceUserId: integer('source_user_id').notNull(),
    principal: money('principal')
      .notNull()
      .default(sql`0`),
    scale: percent('scale'),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull().defaultNow(),
    g1Id: integer('g1_id'),
    g1Rate: percent('g1_rate'),
    g1Bonus: percent('g1_bonus'),
    g1Direct: money('g1_direct')
      .notNull()
      .default(sql`0`),
    g1Team: money('g1_team')
      .notNull()
      .default(sql`0`),
    g2Id: integer('g2_id'),
    g2Rate: percent('g2_rate'),
    g2Bonus: percent('g2_bonus'),
    g2Team: money('g2_team')
      .notNull()
      .default(sql`0`),
    g3Id: integer('g3_id'),
    g3Rate: percent('g3_rate'),
    g3Bonus: percent('g3_bonus'),
    g3Team: money('g3_team')
      .notNull()
      .default(sql`0`),
  },
  (t) => [primaryKey({ columns: [t.stakeId, t.day] })],
);

/** Vault Recharged events, credited at most once per (tx hash, log index). */
export const deposits = pgTable(
  'deposits',
  {
    id: serial('id').primaryKey(),
    txHash: text('tx_hash').notNull(),
    logIndex: integer('log_index').notNull(),
    address: text('address').notNull(),
    amount: money('amount').notNull(),
    fee: money('fee').notNull(),
    blockNumber: integer('block_number').notNull(),
    creditedAt: timestamp('credited_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('deposits_event').on(t.txHash, t.logIndex), index('deposits_address').on(t.address)],
);

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
export const withdrawals = pgTable(
  'withdrawals',
  {
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
  },
  (t) => [
    uniqueIndex('withdrawals_event').on(t.txHash, t.logIndex),
    index('withdrawals_user').on(t.userId, t.id),
    index('withdrawals_status').on(t.status),
    check('withdrawals_status', sql`${t.status} in ('under-review', 'audit-failed', 'audit-successful', 'failed-insufficient')`),
  ],
);

/** Vault TransferRequested events, recorded once per (tx hash, log index): done (both sides moved) or failed (nothing moved). */
export const transfers = pgTable(
  'transfers',
  {
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
  },
  (t) => [
    uniqueIndex('transfers_event').on(t.txHash, t.logIndex),
    index('transfers_from').on(t.fromUserId, t.id),
    index('transfers_to').on(t.toUserId, t.id),
    check('transfers_status', sql`${t.status} in ('done', 'failed')`),
  ],
);
