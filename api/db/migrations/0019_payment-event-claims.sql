ALTER TABLE "payment_events" ADD COLUMN "handled_at" timestamp with time zone;--> statement-breakpoint
UPDATE "payment_events" SET "handled_at" = "received_at";
