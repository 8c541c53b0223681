-- Receipts and refund notes as documents (product decisions 25 and 30; docs/decisions/0036).
CREATE TABLE "document_counters" (
	"series" text PRIMARY KEY NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"series" text NOT NULL,
	"sequence" integer NOT NULL,
	"number" text NOT NULL,
	"account_id" uuid NOT NULL,
	"charge_id" uuid NOT NULL,
	"refund_id" uuid,
	"refers_to_id" uuid,
	"issued_at" timestamp with time zone NOT NULL,
	"snapshot" jsonb NOT NULL,
	"addressee" text,
	"first_downloaded_at" timestamp with time zone,
	CONSTRAINT "billing_documents_kind" CHECK ("billing_documents"."kind" in ('receipt', 'refundNote'))
);
--> statement-breakpoint
ALTER TABLE "billing_documents" ADD CONSTRAINT "billing_documents_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "billing_documents" ADD CONSTRAINT "billing_documents_charge_id_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."charges"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "billing_documents" ADD CONSTRAINT "billing_documents_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "billing_documents" ADD CONSTRAINT "billing_documents_refers_to_id_billing_documents_id_fk" FOREIGN KEY ("refers_to_id") REFERENCES "public"."billing_documents"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "billing_documents_series_sequence" ON "billing_documents" USING btree ("series","sequence");
--> statement-breakpoint
CREATE UNIQUE INDEX "billing_documents_number" ON "billing_documents" USING btree ("number");
--> statement-breakpoint
CREATE UNIQUE INDEX "billing_documents_one_receipt_per_charge" ON "billing_documents" USING btree ("charge_id") WHERE "billing_documents"."kind" = 'receipt';
--> statement-breakpoint
CREATE UNIQUE INDEX "billing_documents_one_note_per_refund" ON "billing_documents" USING btree ("refund_id") WHERE "billing_documents"."kind" = 'refundNote';
--> statement-breakpoint
CREATE INDEX "billing_documents_account_idx" ON "billing_documents" USING btree ("account_id");
--> statement-breakpoint
CREATE SEQUENCE "order_numbers" START WITH 100001;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "number" bigint DEFAULT nextval('order_numbers') NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "orders_number" ON "orders" USING btree ("number");
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "electronic_delivery_consent_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "contract_document_sent_on" date;
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "cooled_off_at" timestamp with time zone;
