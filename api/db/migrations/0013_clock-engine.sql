ALTER TABLE "subscriptions" ADD COLUMN "renewal_noticed_for" date;--> statement-breakpoint
CREATE TABLE "gateway_pace" (
	"gateway" text PRIMARY KEY NOT NULL,
	"next_slot_at" timestamp with time zone NOT NULL
);
