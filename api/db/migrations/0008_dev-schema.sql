-- Development stand-ins move to their own schema `dev` (issue 10): the local payment gateway, the
-- lesson-school simulator and the development clock. Rows, indexes and constraints move with them.
CREATE SCHEMA IF NOT EXISTS "dev";--> statement-breakpoint
ALTER TABLE "public"."local_gateway_payment_methods" SET SCHEMA "dev";--> statement-breakpoint
ALTER TABLE "public"."local_gateway_intents" SET SCHEMA "dev";--> statement-breakpoint
ALTER TABLE "public"."local_gateway_refunds" SET SCHEMA "dev";--> statement-breakpoint
ALTER TABLE "public"."local_school_accounts" SET SCHEMA "dev";--> statement-breakpoint
ALTER TABLE "public"."dev_clock" SET SCHEMA "dev";
