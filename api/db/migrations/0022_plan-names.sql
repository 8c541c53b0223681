-- The plans' names as the marketing pages call them (ベーシックプラン, おとなプラン) and 「か月」 as
-- the rest of the site writes it. Labels only: catalogue rows, and the names the held plans and
-- orders show in My Page and the console. Issued documents keep their snapshots (product decision 25).
UPDATE "products" SET "name" = replace(replace("name", 'アダルト Edge', 'おとな Edge'), 'ヶ月', 'か月');--> statement-breakpoint
UPDATE "plan_options" SET "name" = replace(replace(replace("name", 'オリジナルプラン', 'ベーシックプラン'), 'アダルトプラン', 'おとなプラン'), 'ヶ月', 'か月');--> statement-breakpoint
UPDATE "subscriptions" SET "plan_name" = replace(replace(replace("plan_name", 'オリジナルプラン', 'ベーシックプラン'), 'アダルトプラン', 'おとなプラン'), 'ヶ月', 'か月');--> statement-breakpoint
UPDATE "orders" SET "plan_name" = replace(replace(replace("plan_name", 'オリジナルプラン', 'ベーシックプラン'), 'アダルトプラン', 'おとなプラン'), 'ヶ月', 'か月');
