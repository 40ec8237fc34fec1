-- Two-person approval that one admin cannot defeat. Each operator records when and by whom an approving role
-- (auditor or admin) was last given (a removal, a re-add or a change of roles without one resets it), so a second
-- approval can be refused from an operator the first approver put there, or one who became an approver after the
-- withdrawal was requested and before the cooling period. admin_grants holds an admin's proposal to make an operator
-- an admin, which a different admin confirms.
ALTER TABLE "operators" ADD COLUMN "approver_since" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "approver_granted_by" text;
--> statement-breakpoint
UPDATE "operators" SET "approver_since" = "added_at", "approver_granted_by" = "added_by" WHERE "roles" && array['auditor', 'admin']::text[];
--> statement-breakpoint
CREATE TABLE "admin_grants" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"address" text NOT NULL,
	"roles" text[] NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"proposed_by" text NOT NULL,
	"proposed_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	CONSTRAINT "admin_grants_kind" CHECK ("admin_grants"."kind" in ('add', 'roles')),
	CONSTRAINT "admin_grants_status" CHECK ("admin_grants"."status" in ('pending', 'confirmed', 'cancelled')),
	CONSTRAINT "admin_grants_roles_known" CHECK ('admin' = any("admin_grants"."roles") and "admin_grants"."roles" <@ array['auditor', 'support', 'editor', 'admin']::text[])
);
--> statement-breakpoint
CREATE UNIQUE INDEX "admin_grants_one_pending" ON "admin_grants" USING btree ("address") WHERE "status" = 'pending';
