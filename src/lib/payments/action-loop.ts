/** A reply the bank may interrupt: done, or an intent the customer must confirm (3-D Secure) first. */
type ActionReply = { requires_action: false } | { requires_action: true; payment_intent_id: string };

/** A card authentication and a payment may each ask once, and a failed authentication is a new try; more is a fault. */
export const MAX_ACTION_ROUNDS = 4;

export class ActionLoopError extends Error {}

/**
 * The browser's half of a payment that may need the customer (spec §4: the order, the plan
 * switch): post; while the reply says requires_action, let the customer confirm and post again
 * with the intent just confirmed. Gives up after MAX_ACTION_ROUNDS posts.
 */
export async function runActionLoop<Request extends object, Reply extends ActionReply>(
  request: Request,
  post: (body: Request) => Promise<Reply>,
  confirm: (action: Extract<Reply, { requires_action: true }>) => Promise<void>,
): Promise<Extract<Reply, { requires_action: false }>> {
  let reply: ActionReply = await post(request);
  for (let round = 1; reply.requires_action; round += 1) {
    if (round >= MAX_ACTION_ROUNDS) throw new ActionLoopError('the payment kept asking for authentication');
    await confirm(reply as Extract<Reply, { requires_action: true }>);
    reply = await post({ ...request, payment_intent_id: reply.payment_intent_id });
  }
  return reply as Extract<Reply, { requires_action: false }>;
}
