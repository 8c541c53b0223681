import type { AppContext } from '../../context.ts';
import { reserveGatewaySlot } from './queries.ts';

/**
 * The gateway's pace (product decision 29): the billing clock never asks the gateway faster than
 * PAYMENT_RATE_PER_SECOND, counted over every worker of every server process. The servers are
 * stateless, so the pace lives in PostgreSQL: each request reserves the next free slot (slots
 * 1/rate apart, one atomic statement) and waits for it. No limit, no statement. Returns the slot.
 */
export async function awaitGatewayTurn(ctx: AppContext): Promise<Date | undefined> {
  const rate = ctx.config.paymentRatePerSecond;
  if (!rate) return undefined;
  const { slotAt, waitMs } = await reserveGatewaySlot(ctx.database.db, ctx.payments.kind, 1000 / rate);
  if (waitMs > 0) await sleep(waitMs);
  return slotAt;
}

/** After a 429: the gateway's Retry-After, else a second, with some jitter so workers spread out. */
export function rateLimitBackoffMs(retryAfterMs: number | undefined): number {
  return (retryAfterMs ?? 1000) * (1 + Math.random() / 2);
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
