import { index, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every change an operator made to a reward rate or rank threshold (docs/rewards.md). A change takes effect
 * at `effective_at`, the start of the next UTC day; the value in force at a time is the latest effective one.
 */
export const ruleChanges = pgTable(
  'rule_changes',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    value: text('value').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
    effectiveAt: timestamp('effective_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rule_changes_key').on(t.key, t.effectiveAt)],
);
