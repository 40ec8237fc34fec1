-- Issue 34: the operator's console. Operators with roles sign in with their wallet (console_nonces, console_sessions);
-- every operator action is a row of audit_log, which the database itself keeps append-only (a trigger refuses UPDATE,
-- DELETE and TRUNCATE); withdrawal_approvals holds each operator's signed approval (two-person approval above the
-- threshold: one row per operator and withdrawal).
CREATE TABLE "operators" (
	"address" text PRIMARY KEY NOT NULL,
	"roles" text[] NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	"added_by" text,
	CONSTRAINT "operators_roles_known" CHECK (cardinality("operators"."roles") > 0 and "operators"."roles" <@ array['auditor', 'support', 'editor', 'admin']::text[])
);
--> statement-breakpoint
CREATE TABLE "console_nonces" (
	"nonce" text PRIMARY KEY NOT NULL,
	"address" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "console_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"address" text NOT NULL REFERENCES "operators"("address"),
	"csrf_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "console_sessions_address" ON "console_sessions" USING btree ("address");
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"operator" text,
	"action" text NOT NULL,
	"target" text,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
CREATE INDEX "audit_log_operator" ON "audit_log" USING btree ("operator", "id");
--> statement-breakpoint
CREATE INDEX "audit_log_action" ON "audit_log" USING btree ("action", "id");
--> statement-breakpoint
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_log_no_change" BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();
--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"();
--> statement-breakpoint
CREATE TABLE "withdrawal_approvals" (
	"withdrawal_id" integer NOT NULL REFERENCES "withdrawals"("id"),
	"operator" text NOT NULL,
	"message" text NOT NULL,
	"signature" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdrawal_approvals_pk" PRIMARY KEY ("withdrawal_id", "operator")
);
