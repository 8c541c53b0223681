CREATE TABLE "addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"last_name" text NOT NULL,
	"first_name" text NOT NULL,
	"furigana_sei" text NOT NULL,
	"furigana_mei" text NOT NULL,
	"address_zip" text NOT NULL,
	"address_state" text NOT NULL,
	"address_city" text NOT NULL,
	"address_line" text NOT NULL,
	"address_line2" text,
	"phone" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cards" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"gateway" text NOT NULL,
	"customer_id" text NOT NULL,
	"payment_method_id" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" smallint NOT NULL,
	"exp_year" smallint NOT NULL,
	"holder_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "local_gateway_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"customer_id" text NOT NULL,
	"payment_method_id" text NOT NULL,
	"amount" integer,
	"status" text NOT NULL,
	"client_secret" text NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "local_gateway_payment_methods" (
	"id" text PRIMARY KEY NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" smallint NOT NULL,
	"exp_year" smallint NOT NULL,
	"behaviour" text NOT NULL,
	"customer_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "local_school_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"login_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "local_school_accounts_order_id_unique" UNIQUE("order_id")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"idempotency_key" text NOT NULL,
	"product_id" text NOT NULL,
	"option_id" text NOT NULL,
	"contract_month" smallint NOT NULL,
	"plan_name" text NOT NULL,
	"package_type" text NOT NULL,
	"monthly_price" integer NOT NULL,
	"total_price" integer NOT NULL,
	"books" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"books_price" integer DEFAULT 0 NOT NULL,
	"safety_plan" smallint DEFAULT 0 NOT NULL,
	"address_id" uuid,
	"a8" text,
	"setup_intent_id" text,
	"books_payment_intent_id" text,
	"lesson_account_id" text,
	"first_login_url" text,
	"failure_code" text,
	"shipped_at" timestamp with time zone,
	"next_pay_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "orders_contract_month" CHECK ("orders"."contract_month" in (1, 3, 12))
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "selected_address_id" uuid;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_address_id_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."addresses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "addresses_account_idx" ON "addresses" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "local_gateway_intents_idempotency" ON "local_gateway_intents" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_idempotency_key" ON "orders" USING btree ("account_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_one_active_per_kind" ON "orders" USING btree ("account_id","kind") WHERE "orders"."status" in ('pending', 'completed');--> statement-breakpoint
CREATE INDEX "orders_account_idx" ON "orders" USING btree ("account_id","created_at");--> statement-breakpoint
-- Written by hand: accounts and addresses refer to each other, which the schema files cannot
-- express without a circular import. Deleting the selected address clears the selection.
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_selected_address_id_addresses_id_fk" FOREIGN KEY ("selected_address_id") REFERENCES "public"."addresses"("id") ON DELETE set null ON UPDATE no action;
