CREATE TABLE "support_uploads" (
	"storage_key" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
