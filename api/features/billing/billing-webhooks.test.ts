import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminBrowser, chargesOf, emailOf, mailsTo, markShipped, moveClock, onlySubscription } from '../../../tests/support/billing.ts';
import type { TestBrowser } from '../../../tests/support/browser.ts';
import { memberWithCard, TEST_CARDS } from '../../../tests/support/factories.ts';
import { orderBody, signedUpMember } from '../../../tests/support/registration.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';
import { signWebhook } from '../../adapters/payments/webhook-signature.ts';
import { localGatewayIntents, orders } from '../../db/schema/index.ts';
import { sweepPendingOrders } from '../orders/sweep.ts';

/**
 * Payment events for charges and orders: replayed and out of order they change nothing; an order
 * whose intent id was never stored (a crash) is found by the order id in the metadata; pending
 * orders are swept against the gateway and expire when nobody finishes them.
 */
const app = useTestApp({ jobs: true });
const secret = 'whsec_local_development_only';

async function deliver(type: string, object: { id: string; object: string; metadata?: Record<string, string> }) {
  const payload = JSON.stringify({ id: `evt_test_${crypto.randomUUID()}`, object: 'event', type, data: { object } });
  const response = await app.request('/api/v2/payments/webhook', { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signWebhook(payload, secret) }, body: payload });
  expect(response.status).toBe(200);
}

/** A member whose trial-end charge failed on a card that needs 3-D Secure, now paying in My Page: the charge waits for the bank. */
async function chargeWaitingForTheBank(shippedOn: string, chargeDay: string): Promise<{ member: TestBrowser; subscriptionId: string; intentId: string; clientSecret: string }> {
  const admin = await adminBrowser(app);
  const member = await signedUpMember(app, { card: TEST_CARDS.authenticate, optionId: 'ME_Plan_1', months: 1 });
  const sub = await onlySubscription(member);
  await markShipped(admin, sub.id, shippedOn);
  await moveClock(app, { to: `${chargeDay}T08:00:00+09:00` });
  const reply = await (await member.post('/api/v2/billing/retry', {})).json();
  expect(reply.requires_action).toBe(true);
  return { member, subscriptionId: sub.id, intentId: reply.payment_intent_id, clientSecret: reply.client_secret };
}

describe('payment events for charges', () => {
  it('out of order (a failure reported while the bank still waits) and replayed: one charge, one receipt', async () => {
    await moveClock(app, { to: '2027-08-01T10:00:00+09:00' });
    const { member, subscriptionId, intentId, clientSecret } = await chargeWaitingForTheBank('2027-08-01', '2027-08-08');
    // A stale failure event arrives first: the gateway says the intent still waits, so nothing changes.
    await deliver('payment_intent.payment_failed', { id: intentId, object: 'payment_intent' });
    expect((await chargesOf(app, subscriptionId))[0]).toMatchObject({ status: 'requiresAction', attempts: 2 });

    // The bank approves; its event settles the charge (the browser never came back).
    const approved = await member.post(`/api/v2/local-gateway/intents/${intentId}/authenticate`, { client_secret: clientSecret, approve: true });
    expect(approved.status).toBe(200);
    expect(await onlySubscription(member)).toMatchObject({ status: 'active', currentPeriodStart: '2027-08-08' });

    // Replays and late events, in any order, under new event ids: nothing more happens.
    for (const type of ['payment_intent.succeeded', 'payment_intent.payment_failed', 'payment_intent.succeeded']) {
      await deliver(type, { id: intentId, object: 'payment_intent', metadata: { charge_id: (await chargesOf(app, subscriptionId))[0]!.id } });
    }
    const [charge] = await chargesOf(app, subscriptionId);
    expect(charge).toMatchObject({ status: 'succeeded', attempts: 2, gatewayIntentId: intentId });
    expect(await mailsTo(app, await emailOf(member), 'billing-period-paid')).toHaveLength(1);
    // The browser coming back afterwards is told it is paid.
    expect(await (await member.post('/api/v2/billing/retry', { payment_intent_id: intentId })).json()).toMatchObject({ result: 'paid' });
  });

  it('the bank refuses: the charge stays unpaid and the member can try again', async () => {
    const { member, subscriptionId, intentId, clientSecret } = await chargeWaitingForTheBank('2027-08-08', '2027-08-15');
    await member.post(`/api/v2/local-gateway/intents/${intentId}/authenticate`, { client_secret: clientSecret, approve: false });
    expect((await chargesOf(app, subscriptionId))[0]).toMatchObject({ status: 'failed', failureCode: 'authentication_failed' });
    const again = await member.post('/api/v2/billing/retry', { payment_intent_id: intentId });
    expect([again.status, (await again.json()).code]).toEqual([422, 'authenticationFailed']);
    expect(await onlySubscription(member)).toMatchObject({ status: 'retrying' });
  });
});

describe('orders left behind', () => {
  const orderOf = async (id: string) => (await app.ctx.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;

  it('a crash before the intent id was stored: the event finds the order by its metadata and completes it', async () => {
    const member = await memberWithCard(app, TEST_CARDS.authenticate);
    const reply = await (await member.post('/api/v2/registration', orderBody('ME_Plan_3'))).json();
    expect(reply.requires_action).toBe(true);
    // As if the server died between asking the gateway and storing its answer.
    await app.ctx.database.db.update(orders).set({ setupIntentId: null }).where(eq(orders.id, reply.order.id));
    const [intent] = await app.ctx.database.db.select().from(localGatewayIntents).where(eq(localGatewayIntents.id, reply.payment_intent_id));
    expect(intent!.metadata).toMatchObject({ order_id: reply.order.id });
    await member.post(`/api/v2/local-gateway/intents/${reply.payment_intent_id}/authenticate`, { client_secret: reply.client_secret, approve: true });
    expect(await orderOf(reply.order.id)).toMatchObject({ status: 'completed', setupIntentId: reply.payment_intent_id });
    expect(await onlySubscription(member)).toMatchObject({ status: 'awaitingShipment' });
  });

  it('the sweep completes an order whose payment went through while its event was lost', async () => {
    const member = await memberWithCard(app, TEST_CARDS.authenticate);
    const reply = await (await member.post('/api/v2/registration', orderBody('ME_Plan_3'))).json();
    // The bank approved, but the event never reached us (delivered nowhere).
    await app.ctx.database.db.update(localGatewayIntents).set({ status: 'succeeded' }).where(eq(localGatewayIntents.id, reply.payment_intent_id));
    expect(await sweepPendingOrders(app.ctx, Date.now() + 6 * 60_000)).toMatchObject({ completed: 1 });
    expect(await orderOf(reply.order.id)).toMatchObject({ status: 'completed' });
  });

  it('an order abandoned at 3-D Secure expires and gives the plan slot back; coming back, the member is told', async () => {
    const member = await memberWithCard(app, TEST_CARDS.authenticate);
    const body = orderBody('ME_Plan_3');
    const reply = await (await member.post('/api/v2/registration', body)).json();
    expect(await sweepPendingOrders(app.ctx, Date.now() + 6 * 60_000)).toMatchObject({ completed: 0, expired: 0 });
    expect(await sweepPendingOrders(app.ctx, Date.now() + 31 * 60_000)).toMatchObject({ expired: 1 });
    expect(await orderOf(reply.order.id)).toMatchObject({ status: 'expired' });
    const back = await member.post('/api/v2/registration', body);
    expect([back.status, (await back.json()).code]).toEqual([409, 'orderExpired']);
    const fresh = await member.post('/api/v2/registration', orderBody('ME_Plan_3'));
    expect(fresh.status).toBe(200);
  });
});
