-- Issue 35: each dividend is written once. A `dividends` row (stake, day, amount, source member, principal, scale,
-- the three members above and what they earned) is the staker's ledger row for that dividend; the daily job no
-- longer writes a `ledger_entries` row of type 'dividend' beside it. A member's balance is the sum of their entries
-- and of the dividends they are the source of (ledger:check). Here the dividend entries written so far go, so each
-- dividend still counts once: every dividends row gets its staker (rows from before migration 0003 have none; the
-- staker of a stake never changes), and, should a member's dividend entries not add up to their dividends rows (the
-- job always wrote both in one statement, so none is expected), the difference stays in one 'dividend' entry keyed
-- 'dividend-0021:<member>', so every balance keeps its sum.
UPDATE "dividends" d SET "source_user_id" = s."user_id" FROM "stakes" s WHERE s."id" = d."stake_id" AND d."source_user_id" IS NULL;--> statement-breakpoint
ALTER TABLE "dividends" ALTER COLUMN "source_user_id" SET NOT NULL;--> statement-breakpoint
INSERT INTO "ledger_entries" ("user_id", "type", "amount", "idempotency_key")
SELECT "user_id", 'dividend', "difference", 'dividend-0021:' || "user_id" FROM (
  SELECT "user_id", sum("amount") AS "difference" FROM (
    SELECT "user_id", "amount" FROM "ledger_entries" WHERE "type" = 'dividend'
    UNION ALL
    SELECT "source_user_id", -"amount" FROM "dividends"
  ) m GROUP BY "user_id"
) x WHERE "difference" <> 0;--> statement-breakpoint
DELETE FROM "ledger_entries" WHERE "type" = 'dividend' AND ("idempotency_key" IS NULL OR "idempotency_key" NOT LIKE 'dividend-0021:%');
