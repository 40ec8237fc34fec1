-- Issue 35, investSave's stake: one foreign key, (period_id, level_id) → periods (id, level_id), instead of two
-- (level_id → levels, period_id → periods). It says all they said and more: the period exists, it is the level's
-- (until now only the statements that write stakes made sure of that), and the level exists through the period's own
-- key (periods.level_id → levels). Each key checked costs a stake opened a lookup and a lock on the parent row (every
-- concurrent stake locks the same level and period rows), so the stake takes one check fewer. Every stake written so
-- far took its period from its level (investSave's join, the upgrade's lookup, renewal's copy), so validation passes.
ALTER TABLE "periods" ADD CONSTRAINT "periods_id_level" UNIQUE ("id", "level_id");--> statement-breakpoint
ALTER TABLE "stakes" ADD CONSTRAINT "stakes_period_of_level" FOREIGN KEY ("period_id", "level_id") REFERENCES "public"."periods"("id", "level_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stakes" DROP CONSTRAINT "stakes_level_id_levels_id_fk";--> statement-breakpoint
ALTER TABLE "stakes" DROP CONSTRAINT "stakes_period_id_periods_id_fk";
