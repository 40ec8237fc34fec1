-- Issue 34: banner images an editor uploads in the operator's console, re-encoded (no metadata) and kept in the
-- database so every API server serves them (GET /media/banners/<id>.jpg on the public port).
CREATE TABLE "banner_images" (
	"id" text PRIMARY KEY NOT NULL,
	"data" bytea NOT NULL,
	"bytes" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
