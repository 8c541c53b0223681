import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { databaseBeforeMigration } from '../../../tests/setup/migrations.ts';

/**
 * Migration 0022 renames the plans as the marketing pages name them (ベーシックプラン, おとなプラン)
 * and writes 「か月」: in the catalogue a database already holds (the seed never overwrites a row)
 * and in the names its members' plans and orders show. Amounts and ids stay as they were.
 */
const ACCOUNT = '00000000-0000-4000-8000-0000000000bb';
const ORDER = '00000000-0000-4000-8000-0000000000cc';

describe('migration 0022: the plans as the marketing pages name them', () => {
  it('renames the catalogue, a held plan and its order; prices and ids stay', async () => {
    const { db, migrateRest, close } = await databaseBeforeMigration(22);
    // What the seed wrote before the rename.
    await db.execute(sql`insert into products (id, name, price, frequency) values ('adult-hawaii-4', 'アダルト Edge Hawaii 月4回', 3850, 'fourLessonsPerMonth')`);
    await db.execute(sql`insert into plan_options (product_id, option_id, name, package_type, subscription_type, package_content, price, original_price, contract_month)
      values ('adult-hawaii-4', 'adult_hawaii_4', 'アダルトプラン Edge Hawaii 3ヶ月 月4回', 'adult', 'threeMonths', 'adultPackageContentEdgeHawaii', 35000, 11667, 3),
             ('adult-hawaii-4', 'ME_Plan_3', 'オリジナルプラン 12ヶ月 月4回', 'original', 'twelveMonths', null, 3850, 3850, 12)`);
    await db.execute(sql`insert into accounts (id, email, password_hash, first_name, last_name, birthday) values (${ACCOUNT}, 'held@example.jp', 'x', '花子', '山田', '199001')`);
    await db.execute(sql`insert into orders (id, account_id, kind, status, idempotency_key, product_id, option_id, contract_month, plan_name, package_type, monthly_price, total_price)
      values (${ORDER}, ${ACCOUNT}, 'normal', 'completed', 'k', 'adult-hawaii-4', 'ME_Plan_3', 12, 'オリジナルプラン 12ヶ月 月4回', 'original', 3850, 46200)`);
    await db.execute(sql`insert into subscriptions (account_id, order_id, kind, status, product_id, option_id, plan_name, package_type, contract_month, monthly_price, period_price)
      values (${ACCOUNT}, ${ORDER}, 'normal', 'active', 'adult-hawaii-4', 'ME_Plan_3', 'オリジナルプラン 12ヶ月 月4回', 'original', 12, 3850, 46200)`);

    await migrateRest();
    const names = async (query: ReturnType<typeof sql>) => (await db.execute(query)).rows;
    expect(await names(sql`select name, price from products`)).toEqual([{ name: 'おとな Edge Hawaii 月4回', price: 3850 }]);
    expect(await names(sql`select option_id, name, price from plan_options order by option_id`)).toEqual([
      { option_id: 'ME_Plan_3', name: 'ベーシックプラン 12か月 月4回', price: 3850 },
      { option_id: 'adult_hawaii_4', name: 'おとなプラン Edge Hawaii 3か月 月4回', price: 35000 },
    ]);
    expect(await names(sql`select plan_name, period_price from subscriptions`)).toEqual([{ plan_name: 'ベーシックプラン 12か月 月4回', period_price: 46200 }]);
    expect(await names(sql`select plan_name, total_price from orders`)).toEqual([{ plan_name: 'ベーシックプラン 12か月 月4回', total_price: 46200 }]);
    await close();
  });
});
