-- Alerts to operators by email (issue 54): an operator's email, the outbox carrying operators' alerts beside the
-- members' reminders (an alert has no member and no unsubscribe link), and the incidents, one open per kind at a time
-- (each is mailed once, when it opens).
ALTER TABLE "operators" ADD COLUMN "email" text;
--> statement-breakpoint
ALTER TABLE "email_outbox" ALTER COLUMN "user_id" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "email_outbox" ALTER COLUMN "unsubscribe_url" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "email_outbox" DROP CONSTRAINT "email_outbox_kind";
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_kind" CHECK ("email_outbox"."kind" in ('stake', 'withdrawal', 'reply', 'community', 'alert'));
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_recipient" CHECK (("email_outbox"."kind" = 'alert') = ("email_outbox"."user_id" is null) and ("email_outbox"."kind" = 'alert' or "email_outbox"."unsubscribe_url" is not null));
--> statement-breakpoint
CREATE TABLE "alert_incidents" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"figure" text DEFAULT '' NOT NULL,
	CONSTRAINT "alert_incidents_kind" CHECK ("alert_incidents"."kind" in ('coverage', 'payouts', 'indexer', 'daily-job', 'smtp'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "alert_incidents_open" ON "alert_incidents" USING btree ("kind") WHERE "closed_at" is null;
