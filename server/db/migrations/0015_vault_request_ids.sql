-- Issue 32, finding 4: the Vault numbers withdraw requests and pays each only by its id (payout(requestId, amount),
-- to its requester, at most its amount, once). The indexer stores that id with the withdrawal; the payout job pays
-- by it and flags in payout_problem a request the Vault reports paid other than owed. Rows indexed before (from a
-- Vault without ids) keep a NULL request_id and are not paid by the job.
ALTER TABLE "withdrawals" ADD COLUMN "request_id" bigint;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "payout_problem" text;
