import type { OrderReply, OrderRequest } from '../../domain/order-schemas.ts';
import { runActionLoop } from '../payments/action-loop.ts';

type Completed = Extract<OrderReply, { requires_action: false }>;
type NeedsAction = Extract<OrderReply, { requires_action: true }>;

export { ActionLoopError as OrderLoopError, MAX_ACTION_ROUNDS as MAX_ORDER_ROUNDS } from '../payments/action-loop.ts';

/** The order loop (spec §4): the shared 3-D Secure loop over POST /api/v2/registration. */
export function runOrderLoop(request: OrderRequest, post: (body: OrderRequest) => Promise<OrderReply>, confirm: (action: NeedsAction) => Promise<void>): Promise<Completed> {
  return runActionLoop(request, post, confirm);
}
