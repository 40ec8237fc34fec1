CREATE TABLE "job_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"ran_at" timestamp with time zone NOT NULL,
	"ranks" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rule_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"value" text NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	"effective_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_type";--> statement-breakpoint
ALTER TABLE "dividends" DROP CONSTRAINT "dividends_stake_id_stakes_id_fk";
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_user_id_users_id_fk";
--> statement-breakpoint
DROP INDEX "stakes_unpaid";--> statement-breakpoint
ALTER TABLE "dividends" ADD COLUMN "source_user_id" integer;--> statement-breakpoint
ALTER TABLE "dividends" ADD COLUMN "principal" numeric(78, 0) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "dividends" ADD COLUMN "scale" numeric(9, 4) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "dividends" ADD COLUMN "paid_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "dividends" ADD COLUMN "g1_id" integer;--> statement-breakpoint
ALTER TABLE "dividends" ADD COLUMN "g1_rate" numeric(9, 4) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "dividends" ADD COLUMN "g1_bonus" numeric(9, 4) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "dividends" ADD COLUMN "g1_direct" numeric(78, 0) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "dividends" ADD COLUMN "g1_team" numeric(78, 0) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "dividends" ADD COLUMN "g2_id" integer;--> statement-breakpoint
ALTER TABLE "dividends" ADD COLUMN "g2_rate" numeric(9, 4) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "dividends" ADD COLUMN "g2_bonus" numeric(9, 4) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "dividends" ADD COLUMN "g2_team" numeric(78, 0) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "dividends" ADD COLUMN "g3_id" integer;--> statement-breakpoint
ALTER TABLE "dividends" ADD COLUMN "g3_rate" numeric(9, 4) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "dividends" ADD COLUMN "g3_bonus" numeric(9, 4) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "dividends" ADD COLUMN "g3_team" numeric(78, 0) DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "job_runs_ranks" ON "job_runs" USING btree ("ran_at") WHERE "job_runs"."ranks";--> statement-breakpoint
CREATE INDEX "rule_changes_key" ON "rule_changes" USING btree ("key","effective_at");--> statement-breakpoint
CREATE INDEX "dividends_g1" ON "dividends" USING btree ("g1_id","paid_at") WHERE "dividends"."g1_direct" > 0 or "dividends"."g1_team" > 0;--> statement-breakpoint
CREATE INDEX "dividends_g2" ON "dividends" USING btree ("g2_id","paid_at") WHERE "dividends"."g2_team" > 0;--> statement-breakpoint
CREATE INDEX "dividends_g3" ON "dividends" USING btree ("g3_id","paid_at") WHERE "dividends"."g3_team" > 0;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_type" CHECK ("ledger_entries"."type" in ('deposit', 'stake', 'upgrade', 'dividend', 'redemption', 'withdraw', 'withdraw-refund', 'transfer-out', 'transfer-in', 'reward-direct', 'reward-team'));--> statement-breakpoint
-- The daily job updates every active stake and every paid balance: room in each page lets those updates stay on the page (HOT, no index writes).
ALTER TABLE "stakes" SET (fillfactor = 80);--> statement-breakpoint
ALTER TABLE "balances" SET (fillfactor = 80);
