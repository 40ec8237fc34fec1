-- Issue 37: community office photos live in the database, not in a folder every API server had to share
-- (UPLOAD_DIR). A photo is one re-encoded JPEG of at most 2048 px, a few hundred KB; an application holds three.
-- Rows uploaded before this migration keep no data (their files stayed on the old disk, which is no longer read)
-- and count as missing: a member re-uploads them. Nothing was deployed with photos on disk but local stacks.
ALTER TABLE "community_photos" ADD COLUMN "data" bytea;--> statement-breakpoint
ALTER TABLE "community_photos" DROP COLUMN "file";
