import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { paymentEvents } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { failOrder, findOrderByIntent } from '../orders/queries.ts';
import { advanceOrder } from '../orders/service.ts';

/**
 * A payment event: the signature is checked on the raw body; each event is handled once (its id
 * is stored after handling, and handling is idempotent, so a retry after a crash is safe); events
 * may come in any order, because the order's state is read back from the gateway, not from them.
 */
export async function processPaymentEvent(ctx: AppContext, rawBody: string, signature: string | null): Promise<'handled' | 'duplicate'> {
  let event;
  try {
    event = ctx.payments.parseWebhook(rawBody, signature);
  } catch (error) {
    ctx.logger.warn('payment event refused: bad signature', { error });
    throw new AppError('badRequest', { cause: error });
  }
  const { db } = ctx.database;
  const [seen] = await db.select({ id: paymentEvents.id }).from(paymentEvents).where(eq(paymentEvents.id, event.id));
  if (seen) return 'duplicate';

  const [, outcome] = /^(?:setup|payment)_intent\.(succeeded|setup_failed|payment_failed|requires_action)$/.exec(event.type) ?? [];
  const order = outcome ? await findOrderByIntent(db, event.object.id) : undefined;
  if (order?.status === 'pending') {
    if (outcome === 'succeeded') {
      await advanceOrder(ctx, order).catch((error: unknown) => {
        if (!(error instanceof AppError)) throw error;
        ctx.logger.info('payment event: order not advanced', { orderId: order.id, code: error.key });
      });
    } else if (outcome === 'setup_failed' || outcome === 'payment_failed') {
      const intent = await ctx.payments.retrieveIntent(event.object.object === 'setup_intent' ? 'setup' : 'payment', event.object.id);
      if (intent.status === 'requires_payment_method') await failOrder(db, order.id, intent.errorCode ?? 'card_declined');
    }
  }
  await db.insert(paymentEvents).values({ id: event.id, type: event.type }).onConflictDoNothing();
  ctx.logger.info('payment event handled', { eventId: event.id, type: event.type, orderId: order?.id });
  return 'handled';
}
