-- Issue 35: the daily job recomputes only the ranks that a stake change can move (docs/rewards.md, Ranks). Each open,
-- upgrade, expiry, redemption and renewal leaves its time on the stake (changed_at, the writer's clock), and the job
-- finds the stakes changed since its last ranks run by this index. Existing stakes take the migration's time: every
-- one counts as changed, so the first ranks run after it covers every member who ever staked and their lines (a
-- full pass at scale). No default: every writer states the time of its change.
ALTER TABLE "stakes" ADD COLUMN "changed_at" timestamp with time zone NOT NULL DEFAULT now();--> statement-breakpoint
ALTER TABLE "stakes" ALTER COLUMN "changed_at" DROP DEFAULT;--> statement-breakpoint
CREATE INDEX "stakes_changed" ON "stakes" USING btree ("changed_at");
