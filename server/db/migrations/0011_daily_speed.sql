-- Issue 17, the daily run over a million stakes (docs/rewards.md, Speed).
-- The job's dividend and reward entries carry no idempotency key (the dividends key refuses a second payment):
-- the unique index covers keyed entries only.
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_idempotency_key_unique";--> statement-breakpoint
ALTER TABLE "ledger_entries" ALTER COLUMN "idempotency_key" DROP NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_idempotency_key" ON "ledger_entries" USING btree ("idempotency_key") WHERE "idempotency_key" is not null;--> statement-breakpoint
-- stake_dues is rewritten once a day per stake: with no index on what changes and room left on each page, in place (HOT).
DROP INDEX "stake_dues_due_at";--> statement-breakpoint
ALTER TABLE "stake_dues" SET (fillfactor = 50);--> statement-breakpoint
ALTER TABLE "balances" SET (fillfactor = 50);
