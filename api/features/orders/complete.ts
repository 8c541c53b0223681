import type { AppContext } from '../../context.ts';
import { findAccountById } from '../auth/service.ts';
import { displayName } from '../auth/sessions.ts';
import { queueMail } from '../mail/outbox.ts';
import { orderConfirmationMail } from '../mail/templates/order-confirmation.ts';
import { startSubscription } from '../billing/start-subscription.ts';
import { mailContractDocument, prepareContractDocument } from '../billing/cooling-off/contract-document.ts';
import { findOrder, markOrderCompleted, type OrderRow } from './queries.ts';

/**
 * Completes a paid order: the lesson-school account (normal plans; asked again it returns the same
 * one), then in one transaction the order, its subscription (product decision 13) and the confirmation
 * mail. If another request completed it first, that result is returned.
 */
export async function completeOrder(ctx: AppContext, order: OrderRow): Promise<OrderRow> {
  const { db } = ctx.database;
  const account = await findAccountById(db, order.accountId);
  if (!account) throw new Error(`order ${order.id} has no account`);
  const lesson =
    order.kind === 'normal'
      ? await ctx.lessonSchool.createAccount({ orderId: order.id, email: account.email, name: displayName(account) }).then((created) => ({
          lessonAccountId: created.accountId,
          firstLoginUrl: created.firstLoginUrl,
        }))
      : { lessonAccountId: null, firstLoginUrl: null };
  const settings = await ctx.siteSettings.get();
  // 特定継続的役務提供 plans: the 契約書面 PDF, stored before the transaction that mails it.
  const contractDocument = await prepareContractDocument(ctx, settings, order, account);
  const completed = await db.transaction(async (tx) => {
    const row = await markOrderCompleted(tx, order.id, lesson);
    if (!row) return undefined;
    // The subscription starts with the order; the member is "signed up" from now on.
    const sub = await startSubscription(ctx, tx, row);
    if (contractDocument) await mailContractDocument(ctx, tx, { key: contractDocument, order: row, subscriptionId: sub.id, member: account, settings });
    await queueMail(ctx, { template: 'order-confirmation', to: account.email, content: orderConfirmationMail(settings, { account, order: row }) }, tx);
    return row;
  });
  if (completed) {
    ctx.logger.info('order completed', { orderId: order.id, kind: order.kind });
    return completed;
  }
  return (await findOrder(db, order.id)) ?? order;
}
