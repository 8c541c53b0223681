CREATE TABLE "plan_options" (
	"key" serial PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"option_id" text NOT NULL,
	"name" text NOT NULL,
	"package_type" text NOT NULL,
	"subscription_type" text NOT NULL,
	"package_content" text,
	"price" integer NOT NULL,
	"original_price" integer NOT NULL,
	"option_price" integer DEFAULT 0 NOT NULL,
	"textbook" boolean DEFAULT false NOT NULL,
	"pre_discount_price" integer,
	"discount_rate" smallint,
	"price_change" integer,
	"contract_month" smallint NOT NULL,
	"safety_plan_price" integer,
	"sort" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "plan_options_months" CHECK ("plan_options"."contract_month" in (1, 3, 12)),
	CONSTRAINT "plan_options_prices" CHECK ("plan_options"."price" > 0 and "plan_options"."original_price" > 0 and "plan_options"."option_price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"price" integer NOT NULL,
	"frequency" text,
	"sort" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "plan_options" ADD CONSTRAINT "plan_options_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "plan_options_natural_key" ON "plan_options" USING btree ("product_id","option_id","contract_month");--> statement-breakpoint
CREATE INDEX "plan_options_package_idx" ON "plan_options" USING btree ("package_type");