-- Issue 37: reminder emails (server/reminders/). A member's settings (language, kinds turned off), the outbox
-- (one row per event: event_key unique, so job reruns and a second server enqueue nothing twice; retried with
-- backoff while SMTP is down), and the sources' cursors with the unsubscribe links' signing key.
CREATE TABLE "email_preferences" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"language" text DEFAULT 'zh' NOT NULL,
	"off" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_preferences_language" CHECK ("email_preferences"."language" in ('zh', 'cht', 'en', 'fra', 'kor'))
);
--> statement-breakpoint
CREATE TABLE "email_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_key" text NOT NULL,
	"kind" text NOT NULL,
	"user_id" integer NOT NULL,
	"to_email" text NOT NULL,
	"language" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"unsubscribe_url" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_outbox_event_key_unique" UNIQUE("event_key"),
	CONSTRAINT "email_outbox_kind" CHECK ("email_outbox"."kind" in ('stake', 'withdrawal', 'reply', 'community')),
	CONSTRAINT "email_outbox_state" CHECK ("email_outbox"."state" in ('queued', 'sent', 'failed', 'dropped'))
);
--> statement-breakpoint
CREATE TABLE "reminder_state" (
	"name" text PRIMARY KEY NOT NULL,
	"at" timestamp with time zone,
	"value" text
);
--> statement-breakpoint
ALTER TABLE "email_preferences" ADD CONSTRAINT "email_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_outbox_due" ON "email_outbox" USING btree ("next_attempt_at") WHERE "email_outbox"."state" = 'queued';
