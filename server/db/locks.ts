/**
 * Every PostgreSQL advisory lock id the server takes, named once. A job's lock is one key: for its transaction
 * (`pg_try_advisory_xact_lock(id)`), or for its session when the job opens no transaction across its work
 * (`pg_try_advisory_lock(id)`, job-lock.ts); a space is the first of two keys, the second naming what is serialised
 * (`pg_advisory_xact_lock(space, key)`). PostgreSQL keeps one-key and two-key locks apart, but every id here is
 * distinct all the same, so a reader never has to know that.
 */
export const ADVISORY_LOCKS = {
  /** The daily staking job (staking/daily.ts): one runner at a time across processes. */
  stakingJob: 731_001,
  /** The payout job (ledger/payouts.ts), for its session (job-lock.ts). */
  payoutJob: 731_002,
  /** The audit log's insert trigger (migration 0027, in SQL: keep the two in step), one hash chain in one line. */
  auditChain: 731_003,
  /** Space: a deposit and a registration of the same address (users/registry.ts lockAddress). */
  addressSpace: 731_004,
  /** Space: email code sends, per user and per address (email/binding.ts). */
  emailCodeSpace: 731_005,
  /** Migrations and the server's grants (db/client.ts), for the migrating session: one migrator at a time. */
  migration: 731_006,
} as const;
