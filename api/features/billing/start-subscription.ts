import { t } from '../../../src/i18n/ja.ts';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { issueReceipts } from '../documents/issue.ts';
import type { OrderRow } from '../orders/service.ts';
import { insertCharge, insertSubscription, insertSubscriptionEvent, type SubscriptionRow } from './queries.ts';
import { businessToday } from './state.ts';

/**
 * A completed order starts its subscription (product decision 13), in the order's own transaction: the
 * plan as sold, waiting for the device to ship; textbooks paid that day enter the ledger.
 */
export async function startSubscription(ctx: AppContext, tx: Database, order: OrderRow): Promise<SubscriptionRow> {
  const created = await insertSubscription(tx, {
    accountId: order.accountId,
    orderId: order.id,
    kind: order.kind,
    status: 'awaitingShipment',
    productId: order.productId,
    optionId: order.optionId,
    planName: order.planName,
    packageType: order.packageType,
    contractMonth: order.contractMonth,
    monthlyPrice: order.monthlyPrice,
    periodPrice: order.totalPrice,
    safetyPlan: order.safetyPlan === 1,
    lessonAccountId: order.lessonAccountId,
    createdAt: ctx.clock.now(),
  });
  if (!created) throw new AppError('planAlreadyActive');
  await insertSubscriptionEvent(tx, { subscriptionId: created.id, type: 'created', toStatus: created.status, cause: 'member', actorAccountId: order.accountId, details: { orderId: order.id }, at: ctx.clock.now() });
  if (order.booksPrice > 0 && order.booksPaymentIntentId) {
    const books = await insertCharge(tx, {
      accountId: order.accountId,
      subscriptionId: created.id,
      orderId: order.id,
      kind: 'books',
      periodStart: businessToday(ctx.clock.now()),
      amount: order.booksPrice,
      description: t('billing.kind.books'),
      status: 'succeeded',
      idempotencyKey: `order:${order.id}:books`,
      attempts: 1,
      gatewayIntentId: order.booksPaymentIntentId,
      succeededAt: ctx.clock.now(),
      createdAt: ctx.clock.now(),
    });
    if (books) await issueReceipts(ctx, tx, [books.id]);
  }
  return created;
}
