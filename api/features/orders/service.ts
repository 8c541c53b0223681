import { hasSafetyPlan, planKindOf } from '../../../src/domain/plans/availability.ts';
import { booksPrice as priceOfBooks, monthlyPrice, periodPrice } from '../../../src/domain/plans/pricing.ts';
import type { OrderReply, OrderRequest } from '../../../src/domain/order-schemas.ts';
import { paymentFailureKey } from '../../../src/domain/payment-failures.ts';
import type { BookChoice } from '../../../src/domain/plans/types.ts';
import type { Intent } from '../../adapters/payments/types.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuthSession } from '../auth/sessions.ts';
import { findSelectedAddress } from '../addresses/service.ts';
import { findLiveSubscriptionOf } from '../billing/service.ts';
import { findCardOf } from '../card/service.ts';
import { isSpecifiedServicePlan } from '../../../src/domain/plans/specified-service.ts';
import { findPlanOption, priceItemOf } from '../catalogue/service.ts';
import { completeOrder } from './complete.ts';
import {
  expireOrder,
  failOrder,
  findOrderByKey,
  findPendingOrder,
  insertOrder,
  setBooksPaymentIntent,
  setSetupIntent,
  type OrderRow,
} from './queries.ts';

/**
 * How long an order may wait for the member (3-D Secure) before it gives its slot back. Real
 * time, not the billing clock: it is about a browser tab left open.
 */
export const PENDING_ORDER_TTL_MS = 30 * 60_000;

export function isExpired(order: Pick<OrderRow, 'status' | 'updatedAt'>, realNow = Date.now()): boolean {
  return order.status === 'pending' && order.updatedAt.getTime() < realNow - PENDING_ORDER_TTL_MS;
}

/**
 * The order loop of the spec (§4): the order is posted; while the gateway needs the customer
 * (3-D Secure) the reply says requires_action with a client secret, the browser confirms, and
 * posts again with payment_intent_id. Each step is idempotent: a double click, a retry after a
 * dropped connection or a second tab continue the same order, and the gateway's idempotency keys
 * (derived from the order) make a second charge impossible.
 */
export async function placeOrder(ctx: AppContext, session: AuthSession, input: OrderRequest, a8: string | undefined): Promise<OrderReply> {
  const { db } = ctx.database;
  let order = await findOrderByKey(db, session.accountId, input.idempotency_key);
  if (!order) order = await startOrder(ctx, session, input, a8);
  // A retry repeats its order; the same key with another order is a client bug, never a silent answer.
  if (order.idempotencyKey === input.idempotency_key && !isSameOrder(order, input)) throw new AppError('idempotencyKeyReused');
  if (order.status === 'completed') return completedReply(order);
  if (isExpired(order) && (await expireOrder(db, order.id))) throw new AppError('orderExpired');
  if (order.status === 'expired') throw new AppError('orderExpired');
  if (order.status !== 'pending') throw new AppError(failureKey(order.failureCode));
  return advanceOrder(ctx, order, input.payment_intent_id);
}

async function startOrder(ctx: AppContext, session: AuthSession, input: OrderRequest, a8: string | undefined): Promise<OrderRow> {
  const { db } = ctx.database;
  const plan = await findPlanOption(db, input.productId, input.option.id, input.contract_month);
  if (!plan) throw new AppError('planUnavailable');
  const packageType = plan.option.packageType;
  const kind = planKindOf(packageType);
  if (input.isESATJ !== (kind === 'esatj')) throw new AppError('badRequest');
  const books: BookChoice[] = input.option.textbook.length ? input.option.textbook : ['none'];
  if (!plan.option.textbook && input.option.textbook.length) throw new AppError('badRequest');
  const item = priceItemOf(plan.option);
  const booksPrice = priceOfBooks(item, books);
  // The page shows the catalogue's prices; if they changed since it was loaded, nothing is bought.
  if (input.option.price !== item.price || input.option.option_price !== booksPrice) throw new AppError('priceChanged');
  const safetyPlan = hasSafetyPlan(packageType) && input.safety_plan;
  // 特定継続的役務提供 (product decision 30): the documents go by mail only with the member's consent.
  if (isSpecifiedServicePlan(item) && !input.electronic_delivery_consent) throw new AppError('electronicDeliveryConsentRequired');

  const [card, address] = await Promise.all([findCardOf(db, session.accountId), findSelectedAddress(db, session.accountId)]);
  if (!address) throw new AppError('addressRequired');
  if (!card) throw new AppError('cardRequired');

  // One plan of each kind (spec §1): a live subscription holds the slot, a pending order reserves it.
  if (await findLiveSubscriptionOf(ctx, session.accountId, kind)) throw new AppError('planAlreadyActive');
  const pending = await findPendingOrder(db, session.accountId, kind);
  if (pending && isExpired(pending)) await expireOrder(db, pending.id);
  else if (pending) return resumeOrRefuse(pending, input);
  const inserted = await insertOrder(db, {
    accountId: session.accountId,
    kind,
    idempotencyKey: input.idempotency_key,
    productId: plan.product.id,
    optionId: item.id,
    contractMonth: item.contract_month,
    planName: plan.option.name,
    packageType,
    monthlyPrice: monthlyPrice(item),
    totalPrice: periodPrice(item, safetyPlan),
    books: books.filter((book) => book !== 'none'),
    booksPrice,
    safetyPlan: safetyPlan ? 1 : 0,
    addressId: address.id,
    a8: a8 ?? null,
    electronicDeliveryConsentAt: input.electronic_delivery_consent ? ctx.clock.now() : null,
  });
  if (inserted) {
    ctx.logger.info('order started', { orderId: inserted.id, kind });
    return inserted;
  }
  // Another request won the race (same key, or another tab): continue the order it made.
  const winner = (await findOrderByKey(db, session.accountId, input.idempotency_key)) ?? (await findPendingOrder(db, session.accountId, kind));
  if (!winner) throw new AppError('internal');
  return winner.idempotencyKey === input.idempotency_key ? winner : resumeOrRefuse(winner, input);
}

/** Whether a request asks for what an order holds: the plan, its period, its textbooks and the safety plan. */
export function isSameOrder(order: OrderRow, input: OrderRequest): boolean {
  const books = [...input.option.textbook].sort();
  const safetyPlan = hasSafetyPlan(order.packageType) && input.safety_plan ? 1 : 0;
  return (
    order.productId === input.productId &&
    order.optionId === input.option.id &&
    order.contractMonth === input.contract_month &&
    (order.kind === 'esatj') === input.isESATJ &&
    order.safetyPlan === safetyPlan &&
    JSON.stringify([...order.books].sort()) === JSON.stringify(books)
  );
}

/** A second tab posting the same plan continues the pending order; anything else is refused. */
function resumeOrRefuse(active: OrderRow, input: OrderRequest): OrderRow {
  const samePlan = active.productId === input.productId && active.optionId === input.option.id && active.contractMonth === input.contract_month;
  if (!samePlan) throw new AppError('orderInProgress');
  return active;
}

/** Runs the order as far as it can go now; also called when a payment event arrives. */
export async function advanceOrder(ctx: AppContext, order: OrderRow, confirmedIntentId?: string): Promise<OrderReply> {
  const { db } = ctx.database;
  const card = await findCardOf(db, order.accountId);
  if (!card) throw new AppError('cardRequired');
  const metadata = { order_id: order.id, account_id: order.accountId };

  // 1. Save and authenticate the card for the charges to come (product decision 7).
  const setup = order.setupIntentId
    ? await ctx.payments.retrieveIntent('setup', order.setupIntentId)
    : await ctx.payments.createSetupIntent({ customerId: card.customerId, paymentMethodId: card.paymentMethodId, idempotencyKey: `order:${order.id}:setup`, metadata });
  if (!order.setupIntentId) await setSetupIntent(db, order.id, setup.id);
  const setupOutcome = await settle(ctx, order, setup, confirmedIntentId);
  if (setupOutcome) return setupOutcome;

  // 2. Optional textbooks are charged on the application day.
  if (order.booksPrice > 0) {
    const payment = order.booksPaymentIntentId
      ? await ctx.payments.retrieveIntent('payment', order.booksPaymentIntentId)
      : await ctx.payments.createPaymentIntent({
          customerId: card.customerId,
          paymentMethodId: card.paymentMethodId,
          amount: order.booksPrice,
          description: `オプション教材（注文 ${order.id}）`,
          idempotencyKey: `order:${order.id}:books`,
          metadata,
        });
    if (!order.booksPaymentIntentId) await setBooksPaymentIntent(db, order.id, payment.id);
    const paymentOutcome = await settle(ctx, order, payment, confirmedIntentId);
    if (paymentOutcome) return paymentOutcome;
  }

  // 3. Everything is paid for: the lesson account, the confirmation mail, "signed up".
  return completedReply(await completeOrder(ctx, order));
}

/** undefined when the intent succeeded; the requires_action reply when the customer must act; throws on failure. */
async function settle(ctx: AppContext, order: OrderRow, intent: Intent, confirmedIntentId: string | undefined): Promise<OrderReply | undefined> {
  if (intent.status === 'succeeded') return undefined;
  if (intent.status === 'requires_action' || intent.status === 'processing') {
    return {
      status: 'success',
      requires_action: true,
      client_secret: intent.clientSecret,
      is_setup_intent: intent.kind === 'setup',
      payment_method: intent.paymentMethodId,
      payment_intent_id: intent.id,
      order: { id: order.id },
    };
  }
  const code = intent.errorCode ?? 'card_declined';
  await failOrder(ctx.database.db, order.id, code);
  ctx.logger.warn('order failed at payment', { orderId: order.id, code, confirmed: confirmedIntentId === intent.id });
  throw new AppError(failureKey(code));
}

/** The message for a refused card (src/domain/payment-failures.ts). */
export const failureKey = paymentFailureKey;

export function completedReply(order: OrderRow): OrderReply {
  return {
    status: 'success',
    requires_action: false,
    order: { id: order.id },
    kimini: order.lessonAccountId && order.firstLoginUrl ? { id: order.lessonAccountId, first_login_url: order.firstLoginUrl } : null,
  };
}

/** Reads and writes other features may use (a feature's queries.ts is its own: lint enforces it). */
export { failOrder, findOrder, findOrderByIntent, type OrderRow } from './queries.ts';
