import { sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, boolean, check, index, integer, numeric, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const money = (name: string) => numeric(name, { precision: 78, scale: 0, mode: 'bigint' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Mirrors the users_lv check below (the reply's `lv`, lib/user-info.ts). */
type CommunityRank = 0 | 10 | 20 | 30 | 40;

/**
 * Registered users; the wallet address (checksum form) is the account. Half-empty pages (fillfactor 50,
 * migration 0013): the daily job's rewrite of star, lv and v_lv, which no index covers, is then a HOT update.
 */
export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  address: text('address').notNull().unique(),
  inviterId: integer('inviter_id').references((): AnyPgColumn => users.id),
  star: integer('star').notNull().default(0),
  lv: integer('lv').$type<CommunityRank>().notNull().default(0),
  vLv: integer('v_lv').notNull().default(0),
  identityLv: integer('identity_lv').notNull().default(0),
  /** Verified with a code (server/email/binding.ts); stored lower-case, bound to one member at most. */
  email: text('email'),
  createdAt: createdAt(),
}, (t) => [
  check('users_lv', sql`${t.lv} in (0, 10, 20, 30, 40)`),
  uniqueIndex('users_email').on(t.email),
  check('users_no_self_invite', sql`${t.inviterId} is null or ${t.inviterId} <> ${t.id}`),
  index('users_inviter').on(t.inviterId),
]);

/** Up to three generations above each user, so team queries are one indexed lookup. */
export const userAncestors = pgTable('user_ancestors', {
  userId: integer('user_id').notNull().references(() => users.id),
  ancestorId: integer('ancestor_id').notNull().references(() => users.id),
  depth: integer('depth').notNull(),
}, (t) => [
  primaryKey({ columns: [t.userId, t.depth] }),
  check('user_ancestors_depth', sql`${t.depth} between 1 and 3`),
  index('user_ancestors_by_ancestor').on(t.ancestorId, t.depth),
]);

/** A challenge the server issued: what it is for (login, reg or a signed action), with which parameters, and the exact text the wallet signs. */
export const nonces = pgTable('nonces', {
  nonce: text('nonce').primaryKey(),
  address: text('address').notNull(),
  purpose: text('purpose').notNull().default('login'),
  params: text('params').notNull().default('{}'),
  message: text('message').notNull().default(''),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

export const sessions = pgTable('sessions', {
  guid: text('guid').primaryKey(),
  address: text('address').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

/** The API's language codes (lib/i18n.ts API_LANGUAGE); operator texts are kept per language, zh always present (the fallback). */
const languageCheck = (name: string, column: AnyPgColumn) => check(name, sql`${column} in ('zh', 'cht', 'en', 'fra', 'kor')`);

export const banners = pgTable('banners', {
  id: serial('id').primaryKey(),
  position: text('position').notNull().default('1'),
  imgPath: text('img_path').notNull(),
  urlPath: text('url_path').notNull().default(''),
  sort: integer('sort').notNull().default(0),
});

/** A banner's title per language. */
export const bannerTexts = pgTable('banner_texts', {
  bannerId: integer('banner_id').notNull().references(() => banners.id),
  language: text('language').notNull(),
  imgTitle: text('img_title').notNull(),
}, (t) => [primaryKey({ columns: [t.bannerId, t.language] }), languageCheck('banner_texts_language', t.language)]);

export const notices = pgTable('notices', {
  id: serial('id').primaryKey(),
  createdAt: createdAt(),
});

/** An announcement's title and rich text (HTML, sanitized by the app) per language. */
export const noticeTexts = pgTable('notice_texts', {
  noticeId: integer('notice_id').notNull().references(() => notices.id),
  language: text('language').notNull(),
  title: text('title').notNull(),
  content: text('content').notNull(),
}, (t) => [primaryKey({ columns: [t.noticeId, t.language] }), languageCheck('notice_texts_language', t.language)]);

/**
 * Mail between a member and the administrator, plain text. From the administrator (`fromAdmin`): the
 * member's inbox, not viewed → viewed. From the member: sent → replied once the administrator's `reply` is
 * set; `replyToId` is the administrator's mail it answers, when it answers one.
 */
export const mails = pgTable('mails', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id),
  title: text('title').notNull(),
  content: text('content').notNull(),
  fromAdmin: boolean('from_admin').notNull().default(true),
  viewed: boolean('viewed').notNull().default(false),
  replyToId: integer('reply_to_id').references((): AnyPgColumn => mails.id),
  reply: text('reply'),
  repliedAt: timestamp('replied_at', { withTimezone: true }),
  createdAt: createdAt(),
}, (t) => [
  index('mails_unread').on(t.userId, t.viewed),
  index('mails_box').on(t.userId, t.fromAdmin, t.id),
  check('mails_reply_to_member_mail', sql`${t.reply} is null or not ${t.fromAdmin}`),
]);

/** Mirrors the email_codes_purpose check below. */
export const EMAIL_CODE_PURPOSES = ['bind', 'change-old', 'change-new'] as const;

/** A verification code sent by email: only its hash is kept; single use, expires, a bounded number of tries. */
export const emailCodes = pgTable('email_codes', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id),
  purpose: text('purpose').$type<(typeof EMAIL_CODE_PURPOSES)[number]>().notNull(),
  email: text('email').notNull(),
  codeHash: text('code_hash').notNull(),
  tries: integer('tries').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
}, (t) => [
  check('email_codes_purpose', sql`${t.purpose} in ('bind', 'change-old', 'change-new')`),
  index('email_codes_user').on(t.userId, t.createdAt),
  index('email_codes_email').on(t.email, t.createdAt),
]);

/** Staking levels: a fixed amount of WLD in base units. */
export const levels = pgTable('levels', {
  id: serial('id').primaryKey(),
  num: money('num').notNull(),
  sort: integer('sort').notNull().default(0),
}, (t) => [check('levels_num_positive', sql`${t.num} > 0`)]);

/** Periods of a level: days and the daily dividend percent as an exact decimal string ('0.5' = 0.5 %). */
export const periods = pgTable('periods', {
  id: serial('id').primaryKey(),
  levelId: integer('level_id').notNull().references(() => levels.id),
  day: integer('day').notNull(),
  scale: numeric('scale', { precision: 9, scale: 4 }).notNull(),
}, (t) => [
  check('periods_day_positive', sql`${t.day} > 0`),
  check('periods_scale_range', sql`${t.scale} > 0 and ${t.scale} <= 100`),
  uniqueIndex('periods_level_day').on(t.levelId, t.day),
]);

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

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

/** Where an indexer resumes, and the hash of the last block it indexed (a different hash there now means a reorg). */
export const chainCursors = pgTable('chain_cursors', {
  name: text('name').primaryKey(),
  nextBlock: integer('next_block').notNull(),
  lastBlock: integer('last_block'),
  lastHash: text('last_hash'),
});

/** A stake of one level for one period. Renewal closes a stake and opens its successor with the same principal. */
/** Mirrors the stakes_status check below; the reply type StakeStatus in lib/api/replies.ts must name the same four. */
export const STAKE_STATUSES = ['active', 'expired', 'redeemed', 'renewed'] as const;

export const stakes = pgTable('stakes', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id),
  levelId: integer('level_id').notNull().references(() => levels.id),
  periodId: integer('period_id').notNull().references(() => periods.id),
  days: integer('days').notNull(),
  scale: numeric('scale', { precision: 9, scale: 4 }).notNull(),
  amount: money('amount').notNull(),
  cumulative: money('cumulative').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  status: text('status', { enum: STAKE_STATUSES }).notNull().default('active'),
  renewedFromId: integer('renewed_from_id'),
  noticeClosed: boolean('notice_closed').notNull().default(false),
  redeemAppliedAt: timestamp('redeem_applied_at', { withTimezone: true }),
  closedAt: timestamp('closed_at', { withTimezone: true }),
}, (t) => [
  check('stakes_status', sql`${t.status} in ('active', 'expired', 'redeemed', 'renewed')`),
  check('stakes_amount_positive', sql`${t.amount} > 0 and ${t.cumulative} >= ${t.amount}`),
  index('stakes_user').on(t.userId, t.id),
  index('stakes_status').on(t.status, t.endsAt),
  // only renewed stakes are in it (migration 0014): an entry for every stake's NULL cost each investSave an index write
  uniqueIndex('stakes_renewed_once').on(t.renewedFromId).where(sql`${t.renewedFromId} is not null`),
]);

/**
 * How far the daily job has paid each stake: `paidDays` (0..days) and `dueAt`, when the next unpaid day
 * completes (started_at + paidDays + 1 days). One narrow row per stake, opened with the stake and removed by
 * the job once its last day is paid, whatever became of the stake meanwhile (a redemption before the job saw
 * the period's end), so the job rewrites a small row a day instead of the wide stake. No index but the key, and half-empty pages (fillfactor 50, migration 0011): the daily rewrite of
 * paid_days and due_at is a HOT update, in place on its page with no index entry, where an index on due_at
 * made it a new row version and two index entries per stake a day. The job finds what is due by a scan of
 * this narrow table (0.15 to 0.4 s at a million stakes). Written only with its stake and by the job, so
 * no foreign key (its per-row check would cost more than the row at a million stakes).
 */
export const stakeDues = pgTable('stake_dues', {
  stakeId: integer('stake_id').primaryKey(),
  paidDays: integer('paid_days').notNull().default(0),
  dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
});

/** A stake's paid days, for reads joined to stake_dues: the dues row, else every day (the job deletes the row once the last day is paid). */
export const paidDaysOf = sql<number>`coalesce(${stakeDues.paidDays}, ${stakes.days})`.mapWith(Number);

/** What a stake earns on from a day index on (0 = its first day); an upgrade adds terms for the next day. */
export const stakeTerms = pgTable('stake_terms', {
  stakeId: integer('stake_id').notNull().references(() => stakes.id),
  fromDay: integer('from_day').notNull(),
  amount: money('amount').notNull(),
  scale: numeric('scale', { precision: 9, scale: 4 }).notNull(),
}, (t) => [primaryKey({ columns: [t.stakeId, t.fromDay] })]);

const percent = (name: string) => numeric(name, { precision: 9, scale: 4 }).notNull().default('0');

/**
 * Paid dividends, at most one per (stake, day), each with the referral rewards it paid up its staker's line
 * (docs/rewards.md), so each reward (beneficiary, kind, stake, day) exists at most once. Generation g's member
 * is `g<g>Id`; `g<g>Rate` is the generation's percent and `g<g>Bonus` the community-level differential percent
 * they earned (0 when they earned none). Generation 1 earns `g1Direct` (direct reward) and `g1Team` (its
 * bonus); generations 2 and 3 earn `g2Team`, `g3Team`; each floor(amount × percent / 100). Written only by the
 * daily job from stakes and users in one statement, so no foreign keys (their per-row checks cost more than
 * the insert itself at a million stakes), and no index but the key (migration 0012): a member's rewards are read
 * through their team's stakes (server/rewards/records.ts), not by beneficiary.
 */
export const dividends = pgTable('dividends', {
  stakeId: integer('stake_id').notNull(),
  day: integer('day').notNull(),
  amount: money('amount').notNull(),
  sourceUserId: integer('source_user_id'),
  principal: money('principal').notNull().default(sql`0`),
  scale: percent('scale'),
  paidAt: timestamp('paid_at', { withTimezone: true }).notNull().defaultNow(),
  g1Id: integer('g1_id'),
  g1Rate: percent('g1_rate'),
  g1Bonus: percent('g1_bonus'),
  g1Direct: money('g1_direct').notNull().default(sql`0`),
  g1Team: money('g1_team').notNull().default(sql`0`),
  g2Id: integer('g2_id'),
  g2Rate: percent('g2_rate'),
  g2Bonus: percent('g2_bonus'),
  g2Team: money('g2_team').notNull().default(sql`0`),
  g3Id: integer('g3_id'),
  g3Rate: percent('g3_rate'),
  g3Bonus: percent('g3_bonus'),
  g3Team: money('g3_team').notNull().default(sql`0`),
}, (t) => [
  primaryKey({ columns: [t.stakeId, t.day] }),
]);

/** One row per run of the daily job that computed ranks or paid. */
export const jobRuns = pgTable('job_runs', {
  id: serial('id').primaryKey(),
  ranAt: timestamp('ran_at', { withTimezone: true }).notNull(),
  /** Whether this run recomputed the ranks (the first run of each UTC day does). */
  ranks: boolean('ranks').notNull().default(false),
}, (t) => [index('job_runs_ranks').on(t.ranAt).where(sql`${t.ranks}`)]);

/**
 * Every change an operator made to a reward rate or rank threshold (docs/rewards.md). A change takes effect
 * at `effective_at`, the start of the next UTC day; the value in force at a time is the latest effective one.
 */
export const ruleChanges = pgTable('rule_changes', {
  id: serial('id').primaryKey(),
  key: text('key').notNull(),
  value: text('value').notNull(),
  changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
  effectiveAt: timestamp('effective_at', { withTimezone: true }).notNull(),
}, (t) => [index('rule_changes_key').on(t.key, t.effectiveAt)]);

/** An office photo a member uploaded for a community application: re-encoded and stored under UPLOAD_DIR. */
export const communityPhotos = pgTable('community_photos', {
  id: text('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id),
  /** The stored file's name inside UPLOAD_DIR (`<id>.jpg`). */
  file: text('file').notNull(),
  bytes: integer('bytes').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  createdAt: createdAt(),
}, (t) => [index('community_photos_user').on(t.userId)]);

export const APPLICATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** A member's application to found a community, accepted once its payment was verified on chain. */
export const communityApplications = pgTable('community_applications', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id),
  /** The Vault receiving address the payment went to (the spec's application address). */
  receiver: text('receiver').notNull(),
  amount: money('amount').notNull(),
  payFrom: text('pay_from').notNull(),
  /** The payment transaction: a hash is accepted once, ever. */
  payHash: text('pay_hash').notNull().unique(),
  communityToken: text('community_token').notNull(),
  provinceCode: text('province_code').notNull(),
  cityCode: text('city_code').notNull(),
  photoIds: text('photo_ids').array().notNull(),
  status: text('status').$type<ApplicationStatus>().notNull().default('pending'),
  reason: text('reason'),
  createdAt: createdAt(),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
}, (t) => [
  check('community_applications_status', sql`${t.status} in ('pending', 'approved', 'rejected')`),
  check('community_applications_three_photos', sql`cardinality(${t.photoIds}) = 3`),
  index('community_applications_user').on(t.userId),
  // One open application per member: a second is refused while one is pending or approved.
  uniqueIndex('community_applications_one_open').on(t.userId).where(sql`${t.status} in ('pending', 'approved')`),
]);

/**
 * Request counters of rate-limiter-flexible's Drizzle store (server/http/rate-limits.ts), shared by every
 * server process on the database: a key is a limit's prefix and an IP or address. Expired rows are purged by
 * the job loop (server/auth/purge.ts).
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  points: integer('points').notNull(),
  expire: timestamp('expire', { withTimezone: true }),
}, (t) => [index('rate_limits_expire').on(t.expire)]);
