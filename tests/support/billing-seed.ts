import { sql } from 'drizzle-orm';
import type { Database } from '../../api/db/client.ts';

/**
 * Many members in their trial, with a working card at the local gateway, whose first charge is due
 * on the given day: written in a few set-based statements (for the billing benchmark and the
 * tests that run the clock in several processes). Returns the subscription ids.
 */
export async function seedTrialingSubscriptions(
  db: Database,
  options: { count: number; trialEndsOn: string; tag: string; plans?: { optionId: string; productId: string; months: 1 | 3 | 12; price: number }[] },
): Promise<string[]> {
  const plans = options.plans ?? [{ optionId: 'ME_Plan_1', productId: 'lessons-4', months: 1, price: 4620 }];
  const { count, trialEndsOn, tag } = options;
  await db.execute(sql`
    insert into accounts (email, password_hash, first_name, last_name, birthday)
    select ${tag} || '.' || i || '@example.jp', 'not-a-hash', '花子', '山田', '199001' from generate_series(1, ${count}) as i`);
  await db.execute(sql`
    insert into dev.local_gateway_payment_methods (id, brand, last4, exp_month, exp_year, behaviour, customer_id)
    select 'pm_local_' || ${tag} || '_' || i, 'visa', '4242', 12, 2040, 'succeeds', 'cus_local_' || ${tag} || '_' || i from generate_series(1, ${count}) as i`);
  await db.execute(sql`
    insert into cards (account_id, gateway, customer_id, payment_method_id, brand, last4, exp_month, exp_year, holder_name)
    select a.id, 'local', 'cus_local_' || ${tag} || '_' || split_part(split_part(a.email, '@', 1), '.', 2),
           'pm_local_' || ${tag} || '_' || split_part(split_part(a.email, '@', 1), '.', 2), 'visa', '4242', 12, 2040, 'HANAKO YAMADA'
    from accounts a where a.email like ${`${tag}.%`}`);
  const planRows = sql.join(
    plans.map((plan, index) => sql`(${index}::int, ${plan.optionId}::text, ${plan.productId}::text, ${plan.months}::int, ${plan.price}::int)`),
    sql`, `,
  );
  await db.execute(sql`
    with plan(n, option_id, product_id, months, price) as (values ${planRows}),
    member as (select a.id, row_number() over (order by a.email) as n from accounts a where a.email like ${`${tag}.%`})
    insert into orders (account_id, kind, status, idempotency_key, product_id, option_id, contract_month, plan_name, package_type, monthly_price, total_price, completed_at)
    select m.id, 'normal', 'completed', 'seed-' || m.id, p.product_id, p.option_id, p.months, 'プラン ' || p.option_id, 'original', p.price / p.months, p.price, now()
    from member m join plan p on p.n = m.n % ${plans.length}::int`);
  const rows = await db.execute<{ id: string }>(sql`
    insert into subscriptions (account_id, order_id, kind, status, product_id, option_id, plan_name, package_type, contract_month, monthly_price, period_price,
                               shipped_on, trial_ends_on, billing_anchor, trial_reminded_at)
    select o.account_id, o.id, 'normal', 'trialing', o.product_id, o.option_id, o.plan_name, 'original', o.contract_month, o.monthly_price, o.total_price,
           ${trialEndsOn}::date - 7, ${trialEndsOn}::date, ${trialEndsOn}::date, now()
    from orders o join accounts a on a.id = o.account_id where a.email like ${`${tag}.%`}
    returning id`);
  const list = Array.isArray(rows) ? rows : (rows as unknown as { rows: { id: string }[] }).rows;
  return list.map((row) => row.id);
}
