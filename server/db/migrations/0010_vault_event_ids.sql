ALTER TABLE "deposits" DROP COLUMN "recharge_id";--> statement-breakpoint
ALTER TABLE "transfers" DROP COLUMN "request_id";--> statement-breakpoint
ALTER TABLE "withdrawals" DROP COLUMN "request_id";