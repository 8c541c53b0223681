CREATE TABLE "mass_mail_recipients" (
	"mass_mail_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"email" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"mail_id" uuid,
	"queued_at" timestamp with time zone,
	CONSTRAINT "mass_mail_recipients_mass_mail_id_account_id_pk" PRIMARY KEY("mass_mail_id","account_id")
);
--> statement-breakpoint
CREATE TABLE "mass_mails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"filters" jsonb NOT NULL,
	"status" text DEFAULT 'sending' NOT NULL,
	"recipients" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "step_mail_deliveries" (
	"step_num" integer NOT NULL,
	"account_id" uuid NOT NULL,
	"email" text NOT NULL,
	"status" text NOT NULL,
	"mail_id" uuid,
	"due_at" timestamp with time zone NOT NULL,
	"queued_at" timestamp with time zone NOT NULL,
	CONSTRAINT "step_mail_deliveries_step_num_account_id_pk" PRIMARY KEY("step_num","account_id")
);
--> statement-breakpoint
CREATE TABLE "step_mails" (
	"num" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"date" integer NOT NULL,
	"time" text NOT NULL,
	"file" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "unsubscribe_tokens" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "unsubscribe_tokens_token_unique" UNIQUE("token")
);
--> statement-breakpoint
ALTER TABLE "mails" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "mails" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "mass_mail_recipients" ADD CONSTRAINT "mass_mail_recipients_mass_mail_id_mass_mails_id_fk" FOREIGN KEY ("mass_mail_id") REFERENCES "public"."mass_mails"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mass_mail_recipients" ADD CONSTRAINT "mass_mail_recipients_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mass_mails" ADD CONSTRAINT "mass_mails_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "step_mail_deliveries" ADD CONSTRAINT "step_mail_deliveries_step_num_step_mails_num_fk" FOREIGN KEY ("step_num") REFERENCES "public"."step_mails"("num") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "step_mail_deliveries" ADD CONSTRAINT "step_mail_deliveries_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unsubscribe_tokens" ADD CONSTRAINT "unsubscribe_tokens_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mass_mail_recipients_status_idx" ON "mass_mail_recipients" USING btree ("mass_mail_id","status");--> statement-breakpoint
CREATE INDEX "mass_mails_created_idx" ON "mass_mails" USING btree ("created_at");