-- Console roles (product decision 32): what a console account may do. ADMIN_EMAILS become owners
-- at every start (console_role_from_config); the staff screen grants the others.
ALTER TABLE "accounts" ADD COLUMN "console_role" text;
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "console_role_from_config" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
UPDATE "accounts" SET "console_role" = 'owner', "console_role_from_config" = true WHERE "role" = 'admin';
--> statement-breakpoint
-- Deliverability (product decision 34): one row per address that ever bounced or complained.
CREATE TABLE "mail_suppressions" (
	"email" text PRIMARY KEY NOT NULL,
	"soft_bounces_in_a_row" integer DEFAULT 0 NOT NULL,
	"reason" text,
	"source" text,
	"suppressed_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_bounces" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"mail_id" uuid,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "mail_bounces_email_idx" ON "mail_bounces" USING btree ("email","created_at");
--> statement-breakpoint
-- Mass mail later (product decision 34): a send time, and paused or cancelled sends.
ALTER TABLE "mass_mails" ADD COLUMN "send_at" timestamp with time zone;
