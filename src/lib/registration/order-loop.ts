import type { OrderReply, OrderRequest } from '../../domain/order-schemas.ts';

type Completed = Extract<OrderReply, { requires_action: false }>;
type NeedsAction = Extract<OrderReply, { requires_action: true }>;

/** A setup (card authentication) and the textbooks' payment may each ask once; more is a fault. */
export const MAX_ORDER_ROUNDS = 4;

export class OrderLoopError extends Error {}

/**
 * The browser's half of the order loop (spec §4): post the order; while the reply needs the
 * customer, let them confirm (3-D Secure) and post again with the intent just confirmed.
 */
export async function runOrderLoop(
  request: OrderRequest,
  post: (body: OrderRequest) => Promise<OrderReply>,
  confirm: (action: NeedsAction) => Promise<void>,
): Promise<Completed> {
  let reply = await post(request);
  for (let round = 1; reply.requires_action; round += 1) {
    if (round >= MAX_ORDER_ROUNDS) throw new OrderLoopError('the payment kept asking for authentication');
    await confirm(reply);
    reply = await post({ ...request, payment_intent_id: reply.payment_intent_id });
  }
  return reply;
}
