CREATE TABLE "stake_dues" (
	"stake_id" integer PRIMARY KEY NOT NULL,
	"paid_days" integer DEFAULT 0 NOT NULL,
	"due_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "stake_dues_due_at" ON "stake_dues" USING btree ("due_at");--> statement-breakpoint
-- Every active stake's progress moves over from stakes.paid_days before that column goes.
INSERT INTO "stake_dues" ("stake_id", "paid_days", "due_at")
SELECT "id", "paid_days", CASE WHEN "paid_days" < "days" THEN "started_at" + make_interval(days => "paid_days" + 1) ELSE 'infinity' END
FROM "stakes" WHERE "status" = 'active';--> statement-breakpoint
ALTER TABLE "stakes" DROP COLUMN "paid_days";
