import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, index, integer, numeric, pgTable, primaryKey, serial, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { money } from '../db/columns';
import { users } from '../users/tables';

/** Staking levels: a fixed amount of WLD in base units. */
export const levels = pgTable(
  'levels',
  {
    id: serial('id').primaryKey(),
    num: money('num').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [check('levels_num_positive', sql`${t.num} > 0`)],
);

/** Periods of a level: days and the daily dividend percent as an exact decimal string ('0.5' = 0.5 %). */
export const periods = pgTable(
  'periods',
  {
    id: serial('id').primaryKey(),
    levelId: integer('level_id')
      .notNull()
      .references(() => levels.id),
    day: integer('day').notNull(),
    scale: numeric('scale', { precision: 9, scale: 4 }).notNull(),
  },
  (t) => [
    check('periods_day_positive', sql`${t.day} > 0`),
    check('periods_scale_range', sql`${t.scale} > 0 and ${t.scale} <= 100`),
    uniqueIndex('periods_level_day').on(t.levelId, t.day),
    // what a stake's (period, level) references: the period and that it is its level's (migration 0024)
    unique('periods_id_level').on(t.id, t.levelId),
  ],
);

/** A stake of one level for one period. Renewal closes a stake and opens its successor with the same principal. */
/** Mirrors the stakes_status check below; the reply type StakeStatus in lib/api/replies.ts must name the same four. */
export const STAKE_STATUSES = ['active', 'expired', 'redeemed', 'renewed'] as const;

/**
 * A stake its member still holds: active, or expired and neither redeemed nor renewed yet (its redemption window,
 * at whose end the daily job renews it from its end, so its member loses no day: daily.ts). Holding one makes a
 * member valid (is_active, the rewards, the ranks, the community rule), and its amount counts in their own and their
 * team's stake: the window changes none of them (docs/rewards.md). `isOpen` in math.ts says the same of one status.
 */
export const HELD_STATUSES = ['active', 'expired'] as const;
/** HELD_STATUSES as SQL over the stakes aliased `alias`. */
export const heldBy = (alias: string) => sql.raw(`${alias}.status in ('active', 'expired')`);

export const stakes = pgTable(
  'stakes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    levelId: integer('level_id').notNull(),
    periodId: integer('period_id').notNull(),
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
    /**
     * When the stake last changed what the ranks read (migration 0022): its open, upgrade, expiry, redemption or
     * renewal, by the writer's clock. The daily job recomputes only the ranks above stakes changed since its last
     * ranks run (server/staking/rank-changes.ts).
     */
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('stakes_status', sql`${t.status} in ('active', 'expired', 'redeemed', 'renewed')`),
    check('stakes_amount_positive', sql`${t.amount} > 0 and ${t.cumulative} >= ${t.amount}`),
    index('stakes_user').on(t.userId, t.id),
    index('stakes_status').on(t.status, t.endsAt),
    // only renewed stakes are in it (migration 0014): an entry for every stake's NULL cost each investSave an index write
    index('stakes_changed').on(t.changedAt),
    uniqueIndex('stakes_renewed_once')
      .on(t.renewedFromId)
      .where(sql`${t.renewedFromId} is not null`),
    // One check for both (migration 0024): the period exists and is the level's, and the level exists through the
    // period's own key; two keys (level, period) cost every stake opened a second check and a second row lock.
    foreignKey({ name: 'stakes_period_of_level', columns: [t.periodId, t.levelId], foreignColumns: [periods.id, periods.levelId] }),
  ],
);

/**
 * A stake's paid days, derived (docs/rewards.md, "How far each stake is paid"): the days it had completed by the
 * last run's `paid_through`, when it existed then (`id <= paid_stakes`); 0 for a stake opened since, or before any
 * run. Each run pays every completed day of every stake it sees, so this is what was paid. For selects from `stakes`
 * (named so: a subquery over job_runs would take a bare column name for its own). Whole 24-hour days, as due-days.ts
 * completedBy counts them.
 */
export const paidDaysOf = sql<number>`coalesce((
  select case when "stakes"."id" <= w.paid_stakes
              then greatest(0, least("stakes"."days", date_part('day', w.paid_through - "stakes"."started_at")::int))
              else 0 end
  from job_runs w where w.paid_through is not null order by w.id desc limit 1), 0)`.mapWith(Number);

/**
 * What an upgraded stake earns on from a day index on (0 = its first day): its first upgrade writes the terms it had
 * from day 0 and the new ones from the next day, a later upgrade adds its own. A stake never upgraded has no rows
 * and earns on its own amount and scale (terms.ts; migration 0023).
 */
export const stakeTerms = pgTable(
  'stake_terms',
  {
    stakeId: integer('stake_id')
      .notNull()
      .references(() => stakes.id),
    fromDay: integer('from_day').notNull(),
    amount: money('amount').notNull(),
    scale: numeric('scale', { precision: 9, scale: 4 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.stakeId, t.fromDay] })],
);

/** One row per run of the daily job that computed ranks or paid, with the paid watermark it leaves. */
export const jobRuns = pgTable(
  'job_runs',
  {
    id: serial('id').primaryKey(),
    ranAt: timestamp('ran_at', { withTimezone: true }).notNull(),
    /** Whether this run recomputed the ranks (the first run of each UTC day does). */
    ranks: boolean('ranks').notNull().default(false),
    /**
     * The paid watermark (migration 0020): every completed day, as of `paidThrough`, of every stake whose id is at
     * most `paidStakes` is paid; `nextDueAt` is when the next of their days completes (null: none). Set when the run
     * ends; null on runs recorded before it, and the latest row that has one is the watermark.
     */
    paidThrough: timestamp('paid_through', { withTimezone: true }),
    paidStakes: integer('paid_stakes'),
    nextDueAt: timestamp('next_due_at', { withTimezone: true }),
  },
  (t) => [
    index('job_runs_ranks')
      .on(t.ranAt)
      .where(sql`${t.ranks}`),
  ],
);
