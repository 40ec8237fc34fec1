ALTER TABLE "nonces" ADD COLUMN "purpose" text DEFAULT 'login' NOT NULL;--> statement-breakpoint
ALTER TABLE "nonces" ADD COLUMN "params" text DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "nonces" ADD COLUMN "message" text DEFAULT '' NOT NULL;