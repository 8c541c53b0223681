import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { packageTypes, type ContractMonths } from '../../../src/domain/plans/types.ts';
import { accounts } from './accounts.ts';

const createdAt = timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** Delivery addresses (the spec's stored shape); the account's selected one is on `accounts`. */
export const addresses = pgTable(
  'addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    lastName: text('last_name').notNull(),
    firstName: text('first_name').notNull(),
    /** Romanized last name (the spec stores it as furigana_sei). */
    furiganaSei: text('furigana_sei').notNull(),
    furiganaMei: text('furigana_mei').notNull(),
    addressZip: text('address_zip').notNull(),
    addressState: text('address_state').notNull(),
    addressCity: text('address_city').notNull(),
    addressLine: text('address_line').notNull(),
    /** Building name; null when empty. */
    addressLine2: text('address_line2'),
    phone: text('phone').notNull(),
    createdAt,
    updatedAt,
  },
  (t) => [index('addresses_account_idx').on(t.accountId, t.createdAt)],
);

/** The member's card as the payment gateway describes it: never more than the last four digits. */
export const cards = pgTable('cards', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  gateway: text('gateway', { enum: ['stripe', 'local'] }).notNull(),
  customerId: text('customer_id').notNull(),
  paymentMethodId: text('payment_method_id').notNull(),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  expMonth: smallint('exp_month').notNull(),
  expYear: smallint('exp_year').notNull(),
  holderName: text('holder_name').notNull(),
  createdAt,
  updatedAt,
});

export const orderKinds = ['normal', 'esatj'] as const;
export const orderStatuses = ['pending', 'completed', 'failed', 'cancelled', 'expired'] as const;

/**
 * Orders: the purchase record. At most one pending order per member and kind (the live
 * subscription holds the plan slot once it is completed). The idempotency key makes a retried
 * request the same order; a pending order left waiting for 3-D Secure expires.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The order number people read and say on the phone (a sequence; shown with a check digit). */
    number: bigint('number', { mode: 'number' })
      .notNull()
      .default(sql`nextval('order_numbers')`),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: orderKinds }).notNull(),
    status: text('status', { enum: orderStatuses }).notNull().default('pending'),
    idempotencyKey: text('idempotency_key').notNull(),
    productId: text('product_id').notNull(),
    optionId: text('option_id').notNull(),
    contractMonth: smallint('contract_month').$type<ContractMonths>().notNull(),
    /** What was bought, as the catalogue said at the time of the order. */
    planName: text('plan_name').notNull(),
    packageType: text('package_type', { enum: packageTypes }).notNull(),
    monthlyPrice: integer('monthly_price').notNull(),
    totalPrice: integer('total_price').notNull(),
    books: jsonb('books').$type<string[]>().notNull().default([]),
    booksPrice: integer('books_price').notNull().default(0),
    safetyPlan: smallint('safety_plan').notNull().default(0),
    addressId: uuid('address_id').references(() => addresses.id, { onDelete: 'set null' }),
    a8: text('a8'),
    setupIntentId: text('setup_intent_id'),
    booksPaymentIntentId: text('books_payment_intent_id'),
    lessonAccountId: text('lesson_account_id'),
    firstLoginUrl: text('first_login_url'),
    failureCode: text('failure_code'),
    /** The robot's shipping date starts the 7-day trial (product decision 7); null until it is known. */
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    nextPayAt: timestamp('next_pay_at', { withTimezone: true }),
    createdAt,
    updatedAt,
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** 特定継続的役務提供 (product decision 30): when the member agreed to receive the documents electronically. */
    electronicDeliveryConsentAt: timestamp('electronic_delivery_consent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('orders_number').on(t.number),
    uniqueIndex('orders_idempotency_key').on(t.accountId, t.idempotencyKey),
    uniqueIndex('orders_one_pending_per_kind').on(t.accountId, t.kind).where(sql`${t.status} = 'pending'`),
    index('orders_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
    index('orders_account_idx').on(t.accountId, t.createdAt),
    check('orders_contract_month', sql`${t.contractMonth} in (1, 3, 12)`),
  ],
);

/**
 * Payment events received on the webhook: each is handled once, whatever order they arrive in.
 * The row is inserted first, as a claim (receivedAt), and handledAt is set once handling is done;
 * a claim left unfinished (a crash) may be taken over after a lease (api/features/payments/queries.ts).
 */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  handledAt: timestamp('handled_at', { withTimezone: true }),
});
