ALTER TABLE "subscriptions" ADD COLUMN "renewal_noticed_for" date;--> statement-breakpoint
CREATE TABLE "gateway_pace" (
	"gateway" text PRIMARY KEY NOT NULL,
	"next_slot_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE TABLE "dev"."local_gateway_rate" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"tokens" double precision NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"allowed" boolean NOT NULL,
	"refused" bigint DEFAULT 0 NOT NULL
);
