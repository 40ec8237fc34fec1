import { sql } from 'drizzle-orm';
import { check, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** The conditions the operators are alerted to (docs/console.md, "Alerts"). */
export const ALERT_KINDS = ['coverage', 'payouts', 'indexer', 'daily-job', 'smtp'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/**
 * One incident per stretch of time a condition holds: opened when the check first sees it (and the operators mailed
 * then, once), closed when it first sees it clear; at most one open per kind (the partial unique index), so two
 * servers checking at once open it once. `figure` is what the check saw when it opened (migration 0028).
 */
export const alertIncidents = pgTable(
  'alert_incidents',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<AlertKind>().notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    figure: text('figure').notNull().default(''),
  },
  (t) => [
    check('alert_incidents_kind', sql`${t.kind} in ('coverage', 'payouts', 'indexer', 'daily-job', 'smtp')`),
    uniqueIndex('alert_incidents_open')
      .on(t.kind)
      .where(sql`${t.closedAt} is null`),
  ],
);
