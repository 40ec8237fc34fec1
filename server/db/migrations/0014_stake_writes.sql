-- Issue 17, investSave's stake (server/staking/service.ts). Every stake wrote an entry for its NULL renewed_from_id
-- into the renewal index; the index exists to refuse a second successor of one stake, and only successors
-- carry a renewed_from_id, so it now holds those alone. (The stake's ledger entry no longer carries an
-- idempotency key either, which spares the other index write; that needs no change here.)
DROP INDEX "stakes_renewed_once";--> statement-breakpoint
CREATE UNIQUE INDEX "stakes_renewed_once" ON "stakes" USING btree ("renewed_from_id") WHERE "renewed_from_id" is not null;
