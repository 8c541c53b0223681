import { boolean, check, index, integer, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { frequencies, packageContents, packageTypes, subscriptionTypes, type ContractMonths } from '../../../src/domain/plans/types.ts';

/**
 * The plan catalogue (product decision 6): the only place prices live. Amounts are yen, tax included.
 * A product is a lesson frequency (or an adult content and frequency, or ESAT-J); its option
 * items are the plans sold on it.
 */
export const products = pgTable('products', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** The headline monthly price shown for the product. */
  price: integer('price').notNull(),
  /** fourLessonsPerMonth … sixtyLessonsPerMonth; null for ESAT-J (no lessons). */
  frequency: text('frequency', { enum: frequencies }),
  sort: smallint('sort').notNull().default(0),
});

export const planOptions = pgTable(
  'plan_options',
  {
    key: serial('key').primaryKey(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The spec's option id: ME_Plan_1, adult_hawaii_4, ESAT-J_Plan_3 … */
    optionId: text('option_id').notNull(),
    name: text('name').notNull(),
    // Text enums and `$type` are TypeScript only: the columns stay text and smallint (no migration).
    packageType: text('package_type', { enum: packageTypes }).notNull(),
    subscriptionType: text('subscription_type', { enum: subscriptionTypes }).notNull(),
    packageContent: text('package_content', { enum: packageContents }),
    /** Per month; for adult plans the contract's total (spec: adult plans use the price directly). */
    price: integer('price').notNull(),
    /** The monthly amount the contract total is computed from. */
    originalPrice: integer('original_price').notNull(),
    /** Price of one optional textbook, charged on the application day. */
    optionPrice: integer('option_price').notNull().default(0),
    textbook: boolean('textbook').notNull().default(false),
    preDiscountPrice: integer('pre_discount_price'),
    discountRate: smallint('discount_rate'),
    priceChange: integer('price_change'),
    contractMonth: smallint('contract_month').$type<ContractMonths>().notNull(),
    /** ESAT-J tablet safety plan, per month. */
    safetyPlanPrice: integer('safety_plan_price'),
    sort: smallint('sort').notNull().default(0),
  },
  (t) => [
    uniqueIndex('plan_options_natural_key').on(t.productId, t.optionId, t.contractMonth),
    index('plan_options_package_idx').on(t.packageType),
    check('plan_options_months', sql`${t.contractMonth} in (1, 3, 12)`),
    check('plan_options_prices', sql`${t.price} > 0 and ${t.originalPrice} > 0 and ${t.optionPrice} >= 0`),
  ],
);
