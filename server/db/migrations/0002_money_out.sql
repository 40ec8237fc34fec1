CREATE TABLE "transfers" (
	"id" serial PRIMARY KEY NOT NULL,
	"tx_hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"request_id" text NOT NULL,
	"from_address" text NOT NULL,
	"to_address" text NOT NULL,
	"from_user_id" integer,
	"to_user_id" integer,
	"amount" numeric(78, 0) NOT NULL,
	"fee" numeric(78, 0) NOT NULL,
	"block_number" integer NOT NULL,
	"status" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transfers_status" CHECK ("transfers"."status" in ('done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" serial PRIMARY KEY NOT NULL,
	"tx_hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"request_id" text NOT NULL,
	"address" text NOT NULL,
	"user_id" integer,
	"amount" numeric(78, 0) NOT NULL,
	"fee" numeric(78, 0) NOT NULL,
	"block_number" integer NOT NULL,
	"status" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"reviewed_at" timestamp with time zone,
	"payout_tx_hash" text,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdrawals_status" CHECK ("withdrawals"."status" in ('under-review', 'audit-failed', 'audit-successful', 'failed-insufficient'))
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_type";--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_to_user_id_users_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "transfers_event" ON "transfers" USING btree ("tx_hash","log_index");--> statement-breakpoint
CREATE INDEX "transfers_from" ON "transfers" USING btree ("from_user_id","id");--> statement-breakpoint
CREATE INDEX "transfers_to" ON "transfers" USING btree ("to_user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_event" ON "withdrawals" USING btree ("tx_hash","log_index");--> statement-breakpoint
CREATE INDEX "withdrawals_user" ON "withdrawals" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "withdrawals_status" ON "withdrawals" USING btree ("status");--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_type" CHECK ("ledger_entries"."type" in ('deposit', 'stake', 'upgrade', 'dividend', 'redemption', 'withdraw', 'withdraw-refund', 'transfer-out', 'transfer-in'));