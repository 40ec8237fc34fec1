CREATE TABLE "banner_texts" (
	"banner_id" integer NOT NULL,
	"language" text NOT NULL,
	"img_title" text NOT NULL,
	CONSTRAINT "banner_texts_banner_id_language_pk" PRIMARY KEY("banner_id","language"),
	CONSTRAINT "banner_texts_language" CHECK ("banner_texts"."language" in ('zh', 'cht', 'en', 'fra', 'kor'))
);
--> statement-breakpoint
CREATE TABLE "email_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"email" text NOT NULL,
	"code_hash" text NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_codes_purpose" CHECK ("email_codes"."purpose" in ('bind', 'change-old', 'change-new'))
);
--> statement-breakpoint
CREATE TABLE "notice_texts" (
	"notice_id" integer NOT NULL,
	"language" text NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	CONSTRAINT "notice_texts_notice_id_language_pk" PRIMARY KEY("notice_id","language"),
	CONSTRAINT "notice_texts_language" CHECK ("notice_texts"."language" in ('zh', 'cht', 'en', 'fra', 'kor'))
);
--> statement-breakpoint
ALTER TABLE "mails" ADD COLUMN "reply_to_id" integer;--> statement-breakpoint
ALTER TABLE "mails" ADD COLUMN "reply" text;--> statement-breakpoint
ALTER TABLE "mails" ADD COLUMN "replied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "banner_texts" ADD CONSTRAINT "banner_texts_banner_id_banners_id_fk" FOREIGN KEY ("banner_id") REFERENCES "public"."banners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_codes" ADD CONSTRAINT "email_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_texts" ADD CONSTRAINT "notice_texts_notice_id_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."notices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_codes_user" ON "email_codes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "email_codes_email" ON "email_codes" USING btree ("email","created_at");--> statement-breakpoint
ALTER TABLE "mails" ADD CONSTRAINT "mails_reply_to_id_mails_id_fk" FOREIGN KEY ("reply_to_id") REFERENCES "public"."mails"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mails_box" ON "mails" USING btree ("user_id","from_admin","id");--> statement-breakpoint
-- Data: the texts published before languages existed become the zh (fallback) texts; emails compare lower-case.
INSERT INTO "banner_texts" ("banner_id", "language", "img_title") SELECT "id", 'zh', "img_title" FROM "banners";--> statement-breakpoint
INSERT INTO "notice_texts" ("notice_id", "language", "title", "content") SELECT "id", 'zh', "title", "content" FROM "notices";--> statement-breakpoint
UPDATE "settings" SET "key" = 'agreement.zh' WHERE "key" = 'agreement';--> statement-breakpoint
UPDATE "users" SET "email" = lower("email") WHERE "email" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "users_email" ON "users" USING btree ("email");--> statement-breakpoint
ALTER TABLE "banners" DROP COLUMN "img_title";--> statement-breakpoint
ALTER TABLE "notices" DROP COLUMN "title";--> statement-breakpoint
ALTER TABLE "notices" DROP COLUMN "content";--> statement-breakpoint
ALTER TABLE "mails" ADD CONSTRAINT "mails_reply_to_member_mail" CHECK ("mails"."reply" is null or not "mails"."from_admin");