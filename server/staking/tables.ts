import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, numeric, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { money, percent } from '../db/columns';
import { users } from '../users/tables';

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

/**
 * Paid dividends, at most one per (stake, day), each with the referral rewards it paid up its staker's line
 * (docs/rewards.md), so each reward (beneficiary, kind, stake, day) exists at most once. Generation g's member
 * is `g<g>Id`; `g<g>Rate` is the generation's percent and `g<g>Bonus` the community-level differential percent
 * they earned (0 when they earned none). Generation 1 earns `g1Direct` (direct reward) and `g1Team` (its
 * bonus); generations 2 and 3 earn `g2Team`, `g3Team`; each floor(amount × percent / 100). Written only by the
 * daily job from stakes and users in one statement, so no foreign keys (their per-row checks cost more than
 * the insert itself at a million stakes), and no index but the key (migration 0012): a member's rewards are read
 * through their team's stakes (server/views/rewards.ts), not by beneficiary.
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
