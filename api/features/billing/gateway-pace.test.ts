import { describe, expect, it } from 'vitest';
import { chargesOf, emailOf, mailsTo, memberShippedOn, moveClock, onlySubscription } from '../../../tests/support/billing.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';
import { RateLimitedError, type PaymentIntentInput } from '../../adapters/payments/types.ts';
import { subscriptionEvents } from '../../db/schema/index.ts';
import { eq } from 'drizzle-orm';
import { awaitGatewayTurn } from './gateway-pace.ts';

/**
 * Product decision 29: the clock keeps the gateway's pace (PAYMENT_RATE_PER_SECOND, shared through
 * PostgreSQL by every worker), and a 429 is not a failed attempt: the same request is asked again
 * later with the same idempotency key, and the member sees nothing of it. The pace across two
 * server processes is in billing-processes.test.ts (PostgreSQL).
 */
const app = useTestApp({ env: { PAYMENT_RATE_PER_SECOND: '10', BILLING_ATTEMPT_LEASE_SECONDS: '2' } });

/** The gateway answers 429 to the first `times` requests of a subscription; every key asked is kept. */
function busyGateway(subscriptionId: string, times: number, retryAfterMs: number, onBusy?: () => Promise<void>) {
  const gateway = app.ctx.payments;
  const ask = gateway.createPaymentIntent.bind(gateway);
  const keys: string[] = [];
  gateway.createPaymentIntent = async (input: PaymentIntentInput) => {
    if (input.metadata.subscription_id !== subscriptionId) return ask(input);
    keys.push(input.idempotencyKey);
    if (keys.length <= times) {
      await onBusy?.();
      throw new RateLimitedError(retryAfterMs);
    }
    return ask(input);
  };
  return { keys, restore: () => (gateway.createPaymentIntent = ask) };
}


describe('the gateway pace', () => {
  it('workers share one pace: 20 turns at 10 a second, each its own slot 100 ms after the one before, 2 seconds in all', async () => {
    const started = Date.now();
    const slots = await Promise.all(Array.from({ length: 20 }, () => awaitGatewayTurn(app.ctx)));
    expect(Date.now() - started).toBeGreaterThanOrEqual(1850);
    const times = slots.map((slot) => slot!.getTime()).sort((a, b) => a - b);
    for (const [index, time] of times.slice(1).entries()) expect(time - times[index]!).toBeGreaterThanOrEqual(99);
  });

  it('a 429 is asked again with the same key: one charge, no failure mail, never past due', async () => {
    await moveClock(app, { to: '2028-06-01T10:00:00+09:00' });
    const { member, subscriptionId } = await memberShippedOn(app, '2028-06-01');
    const busy = busyGateway(subscriptionId, 2, 50);
    try {
      await moveClock(app, { to: '2028-06-08T08:00:00+09:00' });
    } finally {
      busy.restore();
    }
    expect(busy.keys).toHaveLength(3);
    expect(new Set(busy.keys).size).toBe(1);
    const [charge, ...more] = await chargesOf(app, subscriptionId);
    expect(more).toHaveLength(0);
    expect(charge).toMatchObject({ status: 'succeeded', attempts: 1 });
    expect(await onlySubscription(member)).toMatchObject({ status: 'active', pastDue: null });
    expect(await mailsTo(app, await emailOf(member), 'billing-payment-failed')).toHaveLength(0);
    const events = await app.ctx.database.db.select().from(subscriptionEvents).where(eq(subscriptionEvents.subscriptionId, subscriptionId));
    expect(events.map((event) => event.type)).not.toContain('chargeFailed');
  });

  it('busy past half the lease: the attempt waits, the member sees nothing, then the same key is asked again', { timeout: 60_000 }, async () => {
    await moveClock(app, { to: '2028-07-01T10:00:00+09:00' });
    const { member, subscriptionId } = await memberShippedOn(app, '2028-07-01');
    const seen: unknown[] = [];
    // 600 ms pauses: the first worker gives up after two answers (half the 2 s lease), the next asks again.
    const busy = busyGateway(subscriptionId, 3, 600, async () => {
      const sub = await onlySubscription(member);
      seen.push({ status: sub.status, pastDue: sub.pastDue });
    });
    try {
      await moveClock(app, { to: '2028-07-08T08:00:00+09:00' });
    } finally {
      busy.restore();
    }
    expect(busy.keys).toHaveLength(4);
    expect(new Set(busy.keys).size).toBe(1);
    expect(seen).toEqual(Array.from({ length: 3 }, () => ({ status: 'trialing', pastDue: null })));
    expect(await chargesOf(app, subscriptionId)).toMatchObject([{ status: 'succeeded', attempts: 1 }]);
    expect(await mailsTo(app, await emailOf(member), 'billing-payment-failed')).toHaveLength(0);
    expect(await mailsTo(app, await emailOf(member), 'billing-period-paid')).toHaveLength(1);
  });
});
