import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { expireOrder, listPendingOrdersBefore } from './queries.ts';
import { advanceOrder, isExpired } from './service.ts';

export const ORDER_SWEEP_QUEUE = 'orders-sweep';
/** A pending order untouched this long is checked against the gateway. */
const QUIET_MS = 5 * 60_000;

/**
 * Pending orders left behind — a crash between a gateway call and storing its result, a closed tab
 * during 3-D Secure — are checked against the gateway: what succeeded there completes here (the
 * gateway's idempotency keys make asking again safe); what still waits for the member expires
 * after a while and gives its plan slot back.
 */
export async function sweepPendingOrders(ctx: AppContext, realNow = Date.now()): Promise<{ completed: number; expired: number }> {
  let completed = 0;
  let expired = 0;
  for (const order of await listPendingOrdersBefore(ctx.database.db, new Date(realNow - QUIET_MS))) {
    try {
      const reply = await advanceOrder(ctx, order);
      if (!reply.requires_action) completed += 1;
      else if (isExpired(order, realNow) && (await expireOrder(ctx.database.db, order.id))) expired += 1;
    } catch (error) {
      // A refusal (declined, failed authentication) already failed the order; anything else waits for the next sweep.
      if (!(error instanceof AppError)) ctx.logger.warn('order sweep: order left pending', { orderId: order.id, error });
    }
  }
  if (completed || expired) ctx.logger.info('order sweep', { completed, expired });
  return { completed, expired };
}

export async function registerOrderSweep(ctx: AppContext): Promise<void> {
  const jobs = ctx.jobs;
  if (!jobs) return;
  await jobs.createQueue(ORDER_SWEEP_QUEUE, { policy: 'exclusive' });
  await jobs.work(ORDER_SWEEP_QUEUE, async () => {
    await sweepPendingOrders(ctx);
  });
  if (ctx.config.env !== 'test') await jobs.schedule(ORDER_SWEEP_QUEUE, '*/5 * * * *');
}
