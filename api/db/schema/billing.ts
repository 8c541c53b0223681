import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, date, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { subscriptionStatuses } from '../../../src/domain/billing/subscription-states.ts';
import { packageTypes, type ContractMonths, type PackageType } from '../../../src/domain/plans/types.ts';
import { accounts } from './accounts.ts';
import { orders, orderKinds } from './registration.ts';

const createdAt = timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/**
 * Subscriptions (product decision 13): what a completed order started, one live subscription per member
 * and kind. It keeps a snapshot of the plan as sold, the trial and the paid period (business
 * dates in Japan), and where a cancellation stands. `orders` stays the purchase record.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    kind: text('kind', { enum: orderKinds }).notNull(),
    status: text('status', { enum: subscriptionStatuses }).notNull(),
    // The plan as sold (a later catalogue change does not change what the member pays).
    productId: text('product_id').notNull(),
    optionId: text('option_id').notNull(),
    planName: text('plan_name').notNull(),
    packageType: text('package_type', { enum: packageTypes }).notNull(),
    contractMonth: smallint('contract_month').$type<ContractMonths>().notNull(),
    monthlyPrice: integer('monthly_price').notNull(),
    /** Charged at every period start: the contract total plus the safety plan. */
    periodPrice: integer('period_price').notNull(),
    safetyPlan: boolean('safety_plan').notNull().default(false),
    lessonAccountId: text('lesson_account_id'),
    shippedOn: date('shipped_on', { mode: 'string' }),
    /** The first paid day: the trial ends (and the first charge is made) then. */
    trialEndsOn: date('trial_ends_on', { mode: 'string' }),
    trialRemindedAt: timestamp('trial_reminded_at', { withTimezone: true }),
    /** Periods are counted from here: the trial end, or the day of the last plan switch. */
    billingAnchor: date('billing_anchor', { mode: 'string' }),
    /** The paid period: its number from the anchor, its first day and the next period's first day. */
    periodNumber: integer('period_number'),
    currentPeriodStart: date('current_period_start', { mode: 'string' }),
    currentPeriodEnd: date('current_period_end', { mode: 'string' }),
    cancelRequestedAt: timestamp('cancel_requested_at', { withTimezone: true }),
    /** The day the service ends (the cancellation's effective day). */
    endsOn: date('ends_on', { mode: 'string' }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** Lessons suspended at the school after the retries of a failed charge (product decision 14). */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    deviceReturnedOn: date('device_returned_on', { mode: 'string' }),
    /** 特定継続的役務提供 (product decision 30): the day the 契約書面 was mailed; cooling-off runs 8 days from it. */
    contractDocumentSentOn: date('contract_document_sent_on', { mode: 'string' }),
    cooledOffAt: timestamp('cooled_off_at', { withTimezone: true }),
    /** The renewal (a period end) the member was told of 14 days before (product decision 26): once per period. */
    renewalNoticedFor: date('renewal_noticed_for', { mode: 'string' }),
    createdAt,
    updatedAt,
  },
  (t) => [
    uniqueIndex('subscriptions_one_live_per_kind').on(t.accountId, t.kind).where(sql`${t.status} <> 'ended'`),
    uniqueIndex('subscriptions_order_key').on(t.orderId),
    index('subscriptions_account_idx').on(t.accountId),
    index('subscriptions_status_idx').on(t.status),
    check('subscriptions_contract_month', sql`${t.contractMonth} in (1, 3, 12)`),
    check('subscriptions_prices', sql`${t.periodPrice} > 0 and ${t.monthlyPrice} > 0`),
  ],
);

/** A plan as sold: what a subscription holds and a switch charge pays for. */
export interface PlanSnapshot {
  productId: string;
  optionId: string;
  planName: string;
  packageType: PackageType;
  contractMonth: ContractMonths;
  monthlyPrice: number;
  periodPrice: number;
  safetyPlan: boolean;
}

export const chargeKinds = ['books', 'period', 'switch', 'fee', 'buyout'] as const;
export type ChargeKind = (typeof chargeKinds)[number];
export const chargeStatuses = ['pending', 'processing', 'requiresAction', 'succeeded', 'failed', 'canceled'] as const;
export type ChargeStatus = (typeof chargeStatuses)[number];

/**
 * The ledger of money taken: one row per thing charged, with its idempotency key (subscription,
 * kind and period), so no period is ever charged twice. Each attempt at the gateway uses the key
 * and the attempt number; an attempt cut off by a crash is repeated with the same key.
 */
export const charges = pgTable(
  'charges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    subscriptionId: uuid('subscription_id').references(() => subscriptions.id),
    orderId: uuid('order_id').references(() => orders.id),
    kind: text('kind', { enum: chargeKinds }).notNull(),
    /**
     * The billed day: the business day the charge belongs to. For a `period` charge it is the
     * period's first day; for a switch the switch day (the new plan's first period starts then); for
     * a cancellation fee, a buyout or textbooks the day they were billed (not the start of any
     * period). The column keeps its old name: renaming it would need a migration.
     */
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    /** The next period's first day, for `period` and `switch` charges; null for the others. */
    periodEnd: date('period_end', { mode: 'string' }),
    amount: integer('amount').notNull(),
    description: text('description').notNull(),
    status: text('status', { enum: chargeStatuses }).notNull().default('pending'),
    idempotencyKey: text('idempotency_key').notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** When the attempt under way started (a lease: an older one was cut off and is repeated). */
    processingSince: timestamp('processing_since', { withTimezone: true }),
    gatewayIntentId: text('gateway_intent_id'),
    /** For a plan switch: the plan it pays for, applied when the charge succeeds. */
    plan: jsonb('plan').$type<PlanSnapshot>(),
    firstFailedOn: date('first_failed_on', { mode: 'string' }),
    failureCode: text('failure_code'),
    succeededAt: timestamp('succeeded_at', { withTimezone: true }),
    createdAt,
    updatedAt,
  },
  (t) => [
    uniqueIndex('charges_idempotency_key').on(t.idempotencyKey),
    // One plan switch at a time per subscription (product decision 15): a second one cannot even be written.
    uniqueIndex('charges_one_open_switch')
      .on(t.subscriptionId)
      .where(sql`${t.kind} = 'switch' and ${t.status} in ('pending', 'processing', 'requiresAction')`),
    index('charges_account_idx').on(t.accountId, t.createdAt),
    index('charges_subscription_idx').on(t.subscriptionId, t.kind),
    index('charges_intent_idx').on(t.gatewayIntentId),
    check('charges_amount', sql`${t.amount} > 0`),
  ],
);

export const refundStatuses = ['pending', 'succeeded', 'failed'] as const;

/** Money given back, against the charge it came from (never more than was taken). */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    chargeId: uuid('charge_id')
      .notNull()
      .references(() => charges.id),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    reason: text('reason').notNull(),
    status: text('status', { enum: refundStatuses }).notNull().default('pending'),
    idempotencyKey: text('idempotency_key').notNull(),
    gatewayRefundId: text('gateway_refund_id'),
    failureCode: text('failure_code'),
    succeededAt: timestamp('succeeded_at', { withTimezone: true }),
    createdAt,
  },
  (t) => [uniqueIndex('refunds_idempotency_key').on(t.idempotencyKey), index('refunds_account_idx').on(t.accountId), check('refunds_amount', sql`${t.amount} > 0`)],
);

/** Every change of a subscription, with its cause: the history staff and members can trust. */
export const subscriptionEvents = pgTable(
  'subscription_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    /** member, admin, clock, gateway, system */
    cause: text('cause').notNull(),
    actorAccountId: uuid('actor_account_id'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('subscription_events_subscription_idx').on(t.subscriptionId, t.at)],
);

/**
 * Product decision 29: the pace of the billing clock at the gateway, shared by every worker of every
 * process. Each request reserves the next free slot (slots 1/rate apart) by one atomic update.
 */
export const gatewayPace = pgTable('gateway_pace', {
  gateway: text('gateway').primaryKey(),
  nextSlotAt: timestamp('next_slot_at', { withTimezone: true }).notNull(),
});
