ALTER TABLE "chain_cursors" ADD COLUMN "last_block" integer;--> statement-breakpoint
ALTER TABLE "chain_cursors" ADD COLUMN "last_hash" text;