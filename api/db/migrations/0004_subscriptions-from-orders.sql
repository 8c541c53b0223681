-- Every completed order becomes a subscription (decision 13); paid textbooks enter the ledger.
-- Adult options carry their contract total as `price` (spec): their monthly price is spread over the months.
INSERT INTO "subscriptions" (
  "account_id", "order_id", "kind", "status", "product_id", "option_id", "plan_name", "package_type",
  "contract_month", "monthly_price", "period_price", "safety_plan", "lesson_account_id",
  "shipped_on", "trial_ends_on", "billing_anchor", "created_at", "updated_at"
)
SELECT
  o."account_id", o."id", o."kind",
  CASE WHEN o."shipped_at" IS NULL THEN 'awaitingShipment' ELSE 'trialing' END,
  o."product_id", o."option_id", o."plan_name", o."package_type", o."contract_month",
  CASE WHEN o."option_id" LIKE 'adult\_%' THEN round(o."monthly_price"::numeric / o."contract_month")::integer ELSE o."monthly_price" END,
  o."total_price", o."safety_plan" = 1, o."lesson_account_id",
  (o."shipped_at" AT TIME ZONE 'Asia/Tokyo')::date,
  (o."shipped_at" AT TIME ZONE 'Asia/Tokyo')::date + 7,
  (o."shipped_at" AT TIME ZONE 'Asia/Tokyo')::date + 7,
  coalesce(o."completed_at", o."created_at"), now()
FROM "orders" o
WHERE o."status" = 'completed'
  AND NOT EXISTS (SELECT 1 FROM "subscriptions" s WHERE s."order_id" = o."id");
--> statement-breakpoint
INSERT INTO "subscription_events" ("subscription_id", "type", "to_status", "cause", "details")
SELECT s."id", 'created', s."status", 'system', jsonb_build_object('from', 'order migration')
FROM "subscriptions" s
WHERE NOT EXISTS (SELECT 1 FROM "subscription_events" e WHERE e."subscription_id" = s."id");
--> statement-breakpoint
INSERT INTO "charges" (
  "account_id", "subscription_id", "order_id", "kind", "period_start", "amount", "description",
  "status", "idempotency_key", "attempts", "gateway_intent_id", "succeeded_at", "created_at", "updated_at"
)
SELECT
  o."account_id", s."id", o."id", 'books', (coalesce(o."completed_at", o."created_at") AT TIME ZONE 'Asia/Tokyo')::date,
  o."books_price", 'オプション教材', 'succeeded', 'order:' || o."id" || ':books', 1, o."books_payment_intent_id",
  coalesce(o."completed_at", o."created_at"), coalesce(o."completed_at", o."created_at"), now()
FROM "orders" o
JOIN "subscriptions" s ON s."order_id" = o."id"
WHERE o."status" = 'completed' AND o."books_price" > 0
ON CONFLICT ("idempotency_key") DO NOTHING;
