import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { settleChargeEvent } from '../billing/service.ts';
import { advanceOrder, failOrder, findOrder, findOrderByIntent } from '../orders/service.ts';
import * as v from 'valibot';
import { metadataUuid, paymentEventObjectSchema, paymentEventSchema, type PaymentEventObject } from '../../../src/domain/payment-events.ts';
import { claimPaymentEvent, markPaymentEventHandled, releasePaymentEvent } from './queries.ts';

/**
 * A payment event: the signature is checked on the raw body, then the fields we read; each event
 * is handled once: its row is inserted first, as a claim (two processes receiving it at once: one
 * handles it, the other answers duplicate), and marked handled afterwards; handling is idempotent,
 * so a retry after a crash is safe. Events may come in any order, because the order's state is
 * read back from the gateway, not from them.
 */
export async function processPaymentEvent(ctx: AppContext, rawBody: string, signature: string | null): Promise<'handled' | 'duplicate' | 'ignored'> {
  let parsed;
  try {
    parsed = ctx.payments.parseWebhook(rawBody, signature);
  } catch (error) {
    ctx.logger.warn('payment event refused: bad signature', { error });
    throw new AppError('badRequest', { cause: error });
  }
  const identity = v.safeParse(paymentEventSchema, parsed);
  if (!identity.success) {
    ctx.logger.warn('payment event refused: signed, but without an id or a type');
    throw new AppError('badRequest');
  }
  const event = identity.output;
  const { db } = ctx.database;
  if (!(await claimPaymentEvent(db, event))) return 'duplicate';
  try {
    const object = v.safeParse(paymentEventObjectSchema, (parsed as { object?: unknown }).object);
    if (!object.success) {
      ctx.logger.warn('payment event ignored: its object lacks the fields we read', { eventId: event.id, type: event.type });
      await markPaymentEventHandled(db, event.id);
      return 'ignored';
    }
    const orderId = await handleEvent(ctx, event.type, object.output);
    await markPaymentEventHandled(db, event.id);
    ctx.logger.info('payment event handled', { eventId: event.id, type: event.type, orderId });
    return 'handled';
  } catch (error) {
    await releasePaymentEvent(db, event.id);
    throw error;
  }
}

/** What an event changes: a charge of ours, or a pending order; the order's id, if any. */
async function handleEvent(ctx: AppContext, type: string, object: PaymentEventObject): Promise<string | undefined> {
  const { db } = ctx.database;
  const [, outcome] = /^(?:setup|payment)_intent\.(succeeded|setup_failed|payment_failed|requires_action)$/.exec(type) ?? [];
  const metadata = object.metadata ?? {};
  // A charge of the billing clock (or of a switch, a fee, a buyout)?
  const isCharge = outcome !== undefined && object.object === 'payment_intent' && (await settleChargeEvent(ctx, object.id, metadataUuid(metadata.charge_id)));
  // An order: by the intent we stored, or — if we crashed before storing it — by the order id in its metadata.
  const orderId = metadataUuid(metadata.order_id);
  const order = outcome && !isCharge ? ((await findOrderByIntent(db, object.id)) ?? (orderId ? await findOrder(db, orderId) : undefined)) : undefined;
  if (order?.status === 'pending') {
    if (outcome === 'succeeded') {
      await advanceOrder(ctx, order).catch((error: unknown) => {
        if (!(error instanceof AppError)) throw error;
        ctx.logger.info('payment event: order not advanced', { orderId: order.id, code: error.key });
      });
    } else if (outcome === 'setup_failed' || outcome === 'payment_failed') {
      const intent = await ctx.payments.retrieveIntent(object.object === 'setup_intent' ? 'setup' : 'payment', object.id);
      if (intent.status === 'requires_payment_method') await failOrder(db, order.id, intent.errorCode ?? 'card_declined');
    }
  }
  return order?.id;
}
