-- A session records whether it passed the second factor (product decisions 24 and 32). Sessions
-- made before this column existed count as password-only: an enrolled admin signs in again.
ALTER TABLE "sessions" ADD COLUMN "second_factor_at" timestamp with time zone;--> statement-breakpoint
-- Unsubscribe links: only SHA-256 of each token is kept, a new token per mail. The tokens already
-- mailed keep working: their hashes are copied over before the plaintext table goes.
CREATE TABLE "unsubscribe_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "unsubscribe_links" ADD CONSTRAINT "unsubscribe_links_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "unsubscribe_links_account_idx" ON "unsubscribe_links" USING btree ("account_id");--> statement-breakpoint
INSERT INTO "unsubscribe_links" ("token_hash", "account_id", "created_at")
	SELECT encode(sha256(convert_to("token", 'UTF8')), 'hex'), "account_id", "created_at" FROM "unsubscribe_tokens";--> statement-breakpoint
DROP TABLE "unsubscribe_tokens";
