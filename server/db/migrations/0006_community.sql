CREATE TABLE "community_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"receiver" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"pay_from" text NOT NULL,
	"pay_hash" text NOT NULL,
	"community_token" text NOT NULL,
	"province_code" text NOT NULL,
	"city_code" text NOT NULL,
	"photo_ids" text[] NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "community_applications_pay_hash_unique" UNIQUE("pay_hash"),
	CONSTRAINT "community_applications_status" CHECK ("community_applications"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "community_applications_three_photos" CHECK (cardinality("community_applications"."photo_ids") = 3)
);
--> statement-breakpoint
CREATE TABLE "community_photos" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"file" text NOT NULL,
	"bytes" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "community_applications" ADD CONSTRAINT "community_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_photos" ADD CONSTRAINT "community_photos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "community_applications_user" ON "community_applications" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "community_applications_one_open" ON "community_applications" USING btree ("user_id") WHERE "community_applications"."status" in ('pending', 'approved');--> statement-breakpoint
CREATE INDEX "community_photos_user" ON "community_photos" USING btree ("user_id");