-- Issue 35: how far the daily job has paid each stake becomes one watermark per run (job_runs) instead of a row
-- per stake rewritten every day (stake_dues): each run pays every completed day of every stake it sees, so a
-- stake's paid days are the days it had completed by the last run's paid_through, when it existed then
-- (id <= paid_stakes). The dividends key (stake, day) still refuses a second payment. The latest run gets the
-- watermark it left: its time, the stakes that existed (a stake opened since started after it, so had no day
-- completed), and the earliest next due time the dues held.
ALTER TABLE "job_runs" ADD COLUMN "paid_through" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "job_runs" ADD COLUMN "paid_stakes" integer;--> statement-breakpoint
ALTER TABLE "job_runs" ADD COLUMN "next_due_at" timestamp with time zone;--> statement-breakpoint
UPDATE "job_runs" SET "paid_through" = "ran_at",
  "paid_stakes" = (SELECT coalesce(max("id"), 0) FROM "stakes"),
  "next_due_at" = (SELECT min("due_at") FROM "stake_dues" WHERE "due_at" <> 'infinity')
WHERE "id" = (SELECT max("id") FROM "job_runs");--> statement-breakpoint
DROP TABLE "stake_dues";
