CREATE TABLE "balances" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"amount" numeric(78, 0) DEFAULT 0 NOT NULL,
	CONSTRAINT "balances_never_negative" CHECK ("balances"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"position" text DEFAULT '1' NOT NULL,
	"img_path" text NOT NULL,
	"img_title" text NOT NULL,
	"url_path" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chain_cursors" (
	"name" text PRIMARY KEY NOT NULL,
	"next_block" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deposits" (
	"id" serial PRIMARY KEY NOT NULL,
	"tx_hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"recharge_id" text NOT NULL,
	"address" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"fee" numeric(78, 0) NOT NULL,
	"block_number" integer NOT NULL,
	"credited_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "dividends" (
	"stake_id" integer NOT NULL,
	"day" integer NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	CONSTRAINT "dividends_stake_id_day_pk" PRIMARY KEY("stake_id","day")
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"stake_id" integer,
	"deposit_id" integer,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "ledger_entries_type" CHECK ("ledger_entries"."type" in ('deposit', 'stake', 'upgrade', 'dividend', 'redemption')),
	CONSTRAINT "ledger_entries_nonzero" CHECK ("ledger_entries"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "levels" (
	"id" serial PRIMARY KEY NOT NULL,
	"num" numeric(78, 0) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "levels_num_positive" CHECK ("levels"."num" > 0)
);
--> statement-breakpoint
CREATE TABLE "mails" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"from_admin" boolean DEFAULT true NOT NULL,
	"viewed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nonces" (
	"nonce" text PRIMARY KEY NOT NULL,
	"address" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "periods" (
	"id" serial PRIMARY KEY NOT NULL,
	"level_id" integer NOT NULL,
	"day" integer NOT NULL,
	"scale" numeric(9, 4) NOT NULL,
	CONSTRAINT "periods_day_positive" CHECK ("periods"."day" > 0),
	CONSTRAINT "periods_scale_range" CHECK ("periods"."scale" > 0 and "periods"."scale" <= 100)
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"guid" text PRIMARY KEY NOT NULL,
	"address" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stake_terms" (
	"stake_id" integer NOT NULL,
	"from_day" integer NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"scale" numeric(9, 4) NOT NULL,
	CONSTRAINT "stake_terms_stake_id_from_day_pk" PRIMARY KEY("stake_id","from_day")
);
--> statement-breakpoint
CREATE TABLE "stakes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"level_id" integer NOT NULL,
	"period_id" integer NOT NULL,
	"days" integer NOT NULL,
	"scale" numeric(9, 4) NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"cumulative" numeric(78, 0) NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"paid_days" integer DEFAULT 0 NOT NULL,
	"renewed_from_id" integer,
	"notice_closed" boolean DEFAULT false NOT NULL,
	"redeem_applied_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	CONSTRAINT "stakes_status" CHECK ("stakes"."status" in ('active', 'expired', 'redeemed', 'renewed')),
	CONSTRAINT "stakes_amount_positive" CHECK ("stakes"."amount" > 0 and "stakes"."cumulative" >= "stakes"."amount")
);
--> statement-breakpoint
CREATE TABLE "user_ancestors" (
	"user_id" integer NOT NULL,
	"ancestor_id" integer NOT NULL,
	"depth" integer NOT NULL,
	CONSTRAINT "user_ancestors_user_id_depth_pk" PRIMARY KEY("user_id","depth"),
	CONSTRAINT "user_ancestors_depth" CHECK ("user_ancestors"."depth" between 1 and 3)
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"address" text NOT NULL,
	"inviter_id" integer,
	"star" integer DEFAULT 0 NOT NULL,
	"lv" integer DEFAULT 0 NOT NULL,
	"v_lv" integer DEFAULT 0 NOT NULL,
	"identity_lv" integer DEFAULT 0 NOT NULL,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_address_unique" UNIQUE("address"),
	CONSTRAINT "users_lv" CHECK ("users"."lv" in (0, 10, 20, 30, 40)),
	CONSTRAINT "users_no_self_invite" CHECK ("users"."inviter_id" is null or "users"."inviter_id" <> "users"."id")
);
--> statement-breakpoint
ALTER TABLE "balances" ADD CONSTRAINT "balances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dividends" ADD CONSTRAINT "dividends_stake_id_stakes_id_fk" FOREIGN KEY ("stake_id") REFERENCES "public"."stakes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mails" ADD CONSTRAINT "mails_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "periods" ADD CONSTRAINT "periods_level_id_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."levels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stake_terms" ADD CONSTRAINT "stake_terms_stake_id_stakes_id_fk" FOREIGN KEY ("stake_id") REFERENCES "public"."stakes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stakes" ADD CONSTRAINT "stakes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stakes" ADD CONSTRAINT "stakes_level_id_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."levels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stakes" ADD CONSTRAINT "stakes_period_id_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."periods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_ancestors" ADD CONSTRAINT "user_ancestors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_ancestors" ADD CONSTRAINT "user_ancestors_ancestor_id_users_id_fk" FOREIGN KEY ("ancestor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_inviter_id_users_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_event" ON "deposits" USING btree ("tx_hash","log_index");--> statement-breakpoint
CREATE INDEX "deposits_address" ON "deposits" USING btree ("address");--> statement-breakpoint
CREATE INDEX "ledger_entries_user" ON "ledger_entries" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "mails_unread" ON "mails" USING btree ("user_id","viewed");--> statement-breakpoint
CREATE UNIQUE INDEX "periods_level_day" ON "periods" USING btree ("level_id","day");--> statement-breakpoint
CREATE INDEX "stakes_user" ON "stakes" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "stakes_status" ON "stakes" USING btree ("status","ends_at");--> statement-breakpoint
CREATE INDEX "stakes_unpaid" ON "stakes" USING btree ("started_at") WHERE "stakes"."paid_days" < "stakes"."days";--> statement-breakpoint
CREATE UNIQUE INDEX "stakes_renewed_once" ON "stakes" USING btree ("renewed_from_id");--> statement-breakpoint
CREATE INDEX "user_ancestors_by_ancestor" ON "user_ancestors" USING btree ("ancestor_id","depth");--> statement-breakpoint
CREATE INDEX "users_inviter" ON "users" USING btree ("inviter_id");