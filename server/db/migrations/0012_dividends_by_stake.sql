-- Issue 17: the dividends table keeps its key (stake, day) only. A member's rewards are read through their team
-- (user_ancestors by ancestor, the team's stakes, each stake's dividends by key: server/rewards/records.ts), so
-- the daily run no longer writes three index entries per dividend for the beneficiaries of its three generations.
DROP INDEX "dividends_g1";--> statement-breakpoint
DROP INDEX "dividends_g2";--> statement-breakpoint
DROP INDEX "dividends_g3";
--> statement-breakpoint
-- Entries are read by member only for the reward totals (server/rewards/records.ts rewardSummary): the index by
-- member covers the reward entries, not the million dividend entries a day.
DROP INDEX "ledger_entries_user";--> statement-breakpoint
CREATE INDEX "ledger_entries_rewards" ON "ledger_entries" USING btree ("user_id","id") WHERE "type" in ('reward-direct', 'reward-team');
