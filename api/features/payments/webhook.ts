import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { settleChargeEvent } from '../billing/service.ts';
import { advanceOrder, failOrder, findOrder, findOrderByIntent } from '../orders/service.ts';
import { isPaymentEventHandled, markPaymentEventHandled } from './queries.ts';

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
  if (await isPaymentEventHandled(db, event.id)) return 'duplicate';

  const [, outcome] = /^(?:setup|payment)_intent\.(succeeded|setup_failed|payment_failed|requires_action)$/.exec(event.type) ?? [];
  const metadata = event.object.metadata ?? {};
  // A charge of the billing clock (or of a switch, a fee, a buyout)?
  const isCharge = outcome !== undefined && event.object.object === 'payment_intent' && (await settleChargeEvent(ctx, event.object.id, metadata.charge_id));
  // An order: by the intent we stored, or — if we crashed before storing it — by the order id in its metadata.
  const order = outcome && !isCharge ? ((await findOrderByIntent(db, event.object.id)) ?? (metadata.order_id ? await findOrderOf(db, metadata.order_id) : undefined)) : undefined;
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
  await markPaymentEventHandled(db, { id: event.id, type: event.type });
  ctx.logger.info('payment event handled', { eventId: event.id, type: event.type, orderId: order?.id, isCharge });
  return 'handled';
}

/** An order named in an event's metadata (only an id of the right shape is looked up). */
async function findOrderOf(db: Parameters<typeof findOrder>[0], id: string) {
  return /^[0-9a-f-]{36}$/.test(id) ? findOrder(db, id) : undefined;
}
