import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { chargesOf, memberShippedOn, moveClock, onlySubscription, subscriptionRow } from '../../../../tests/support/billing.ts';
import { useTestApp } from '../../../../tests/support/test-app.ts';
import { waitFor } from '../../../../tests/support/wait.ts';
import { refunds, subscriptionEvents, subscriptions } from '../../../db/schema/index.ts';

/**
 * The clock charges due periods a batch at a time (docs/decisions/0029). What the batch cannot
 * record as a plain paid period it leaves to the one-by-one rules; these rows check that seam.
 */
const app = useTestApp({ jobs: true });


describe('charging due periods together', () => {
  it('a subscription that ends while its charge is at the gateway: paid, then the money goes back, as one by one', async () => {
    await moveClock(app, { to: '2028-05-01T10:00:00+09:00' });
    const { subscriptionId } = await memberShippedOn(app, '2028-05-01');
    const gateway = app.ctx.payments;
    const ask = gateway.createPaymentIntent.bind(gateway);
    // The member's cancellation commits while the gateway is taking the money.
    gateway.createPaymentIntent = async (input) => {
      if (input.metadata.subscription_id === subscriptionId) {
        await app.ctx.database.db.update(subscriptions).set({ status: 'ended', endsOn: '2028-05-08', endedAt: new Date() }).where(eq(subscriptions.id, subscriptionId));
      }
      return ask(input);
    };
    try {
      await moveClock(app, { to: '2028-05-08T08:00:00+09:00' });
    } finally {
      gateway.createPaymentIntent = ask;
    }
    const [charge, ...others] = await chargesOf(app, subscriptionId);
    expect(others).toHaveLength(0);
    expect(charge).toMatchObject({ status: 'succeeded', amount: 4620 });
    expect((await subscriptionRow(app, subscriptionId)).status).toBe('ended');
    const events = await app.ctx.database.db.select().from(subscriptionEvents).where(eq(subscriptionEvents.subscriptionId, subscriptionId)).orderBy(asc(subscriptionEvents.at));
    expect(events.map((event) => event.type)).toContain('chargedAfterEnd');
    expect(events.map((event) => event.type)).not.toContain('charged');
    const refund = await waitFor(async () => (await app.ctx.database.db.select().from(refunds).where(eq(refunds.chargeId, charge!.id)))[0]);
    expect(refund).toMatchObject({ amount: 4620 });
  });

  it('many trials ending on one day: each charged once, each moved into its first period with one event', async () => {
    await moveClock(app, { to: '2028-06-01T10:00:00+09:00' });
    const members = [];
    for (let index = 0; index < 3; index += 1) members.push(await memberShippedOn(app, '2028-06-01'));
    await moveClock(app, { to: '2028-06-08T08:00:00+09:00' });
    for (const { member, subscriptionId } of members) {
      expect(await onlySubscription(member)).toMatchObject({ status: 'active', currentPeriodStart: '2028-06-08', currentPeriodEnd: '2028-07-08' });
      expect((await chargesOf(app, subscriptionId)).map((charge) => [charge.status, charge.attempts])).toEqual([['succeeded', 1]]);
      const events = await app.ctx.database.db.select().from(subscriptionEvents).where(eq(subscriptionEvents.subscriptionId, subscriptionId));
      expect(events.filter((event) => event.type === 'charged')).toHaveLength(1);
    }
  });
});
