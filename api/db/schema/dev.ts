import { sql } from 'drizzle-orm';
import { bigint, boolean, check, doublePrecision, integer, jsonb, pgSchema, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Development stand-ins for outside services, in their own PostgreSQL schema `dev` (never used in
 * production): the local payment gateway's and the lesson-school simulator's own records, and the
 * development clock. Kept apart so that a production database's `public` schema holds only the
 * service's own data, and the stand-ins can be dropped at once (`drop schema dev cascade`).
 */
export const dev = pgSchema('dev');

const createdAt = timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** The local payment gateway's own records: what Stripe would keep on its side. */
export const localGatewayPaymentMethods = dev.table('local_gateway_payment_methods', {
  id: text('id').primaryKey(),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  expMonth: smallint('exp_month').notNull(),
  expYear: smallint('exp_year').notNull(),
  /** How the test card behaves (Stripe's test cards): succeeds, authenticate, declined, insufficient_funds. */
  behaviour: text('behaviour').notNull(),
  customerId: text('customer_id'),
  createdAt,
});

export const localGatewayIntents = dev.table(
  'local_gateway_intents',
  {
    id: text('id').primaryKey(),
    kind: text('kind', { enum: ['setup', 'payment'] }).notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    customerId: text('customer_id').notNull(),
    paymentMethodId: text('payment_method_id').notNull(),
    amount: integer('amount'),
    status: text('status').notNull(),
    clientSecret: text('client_secret').notNull(),
    lastError: text('last_error'),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
    createdAt,
    updatedAt,
  },
  (t) => [uniqueIndex('local_gateway_intents_idempotency').on(t.idempotencyKey)],
);

/** The local gateway's refunds. */
export const localGatewayRefunds = dev.table('local_gateway_refunds', {
  id: text('id').primaryKey(),
  paymentIntentId: text('payment_intent_id').notNull(),
  amount: integer('amount').notNull(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  status: text('status').notNull(),
  createdAt,
});

/** The local lesson-school simulator's accounts. */
export const localSchoolAccounts = dev.table('local_school_accounts', {
  id: text('id').primaryKey(),
  orderId: uuid('order_id').notNull().unique(),
  email: text('email').notNull(),
  name: text('name').notNull(),
  loginToken: text('login_token').notNull(),
  /** active, suspended (unpaid) or closed (the subscription ended). */
  status: text('status').notNull().default('active'),
  createdAt,
});

/**
 * The development clock's offset (never used in production): kept in the database so that every
 * server process of a test or a demo sees the same moved-forward time.
 */
export const devClock = dev.table(
  'dev_clock',
  {
    id: smallint('id').primaryKey().default(1),
    offsetMs: bigint('offset_ms', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('dev_clock_single_row', sql`${t.id} = 1`)],
);

/**
 * The local gateway's own rate limit when it plays a busy Stripe (LOCAL_GATEWAY_RATE_PER_SECOND): a
 * token bucket shared by every process, refilled at the rate, at most one second of requests.
 */
export const localGatewayRate = dev.table('local_gateway_rate', {
  id: smallint('id').primaryKey().default(1),
  tokens: doublePrecision('tokens').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull(),
  /** Whether the last request taken was allowed (read back by the statement that took it). */
  allowed: boolean('allowed').notNull(),
  /** How many requests it refused for going over the rate (what a test of the clock's pace reads). */
  refused: bigint('refused', { mode: 'number' }).notNull().default(0),
});
