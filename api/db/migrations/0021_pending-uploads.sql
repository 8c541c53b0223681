ALTER TABLE "support_uploads" RENAME TO "pending_uploads";--> statement-breakpoint
ALTER TABLE "pending_uploads" RENAME CONSTRAINT "support_uploads_pkey" TO "pending_uploads_pkey";
