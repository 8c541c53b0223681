import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { memberWithCard, TEST_CARDS } from '../../../tests/support/factories.ts';
import { orderBody } from '../../../tests/support/registration.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';
import { signWebhook } from '../../adapters/payments/webhook-signature.ts';
import { type LocalGateway } from '../../adapters/payments/local.ts';
import { orders, paymentEvents } from '../../db/schema/index.ts';

const app = useTestApp();
const secret = 'whsec_local_development_only';

function event(type: string, objectId: string, id = `evt_test_${crypto.randomUUID()}`) {
  const object = type.startsWith('setup') ? 'setup_intent' : 'payment_intent';
  return JSON.stringify({ id, object: 'event', type, data: { object: { id: objectId, object } } });
}

async function post(payload: string, signature: string | null) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (signature !== null) headers['stripe-signature'] = signature;
  // The gateway posts with no cookies, no Origin and no Sec-Fetch-Site: it is not a browser.
  return app.request('/api/v2/payments/webhook', { method: 'POST', headers, body: payload });
}

async function pendingOrder(card: string) {
  const browser = await memberWithCard(app, card);
  const response = await browser.post('/api/v2/registration', orderBody('ME_Plan_3', { productId: 'lessons-4' }));
  return { browser, reply: await response.json() };
}

const orderStatus = async (id: string) => (await app.ctx.database.db.select().from(orders).where(eq(orders.id, id)))[0]!.status;

describe('POST /api/v2/payments/webhook', () => {
  it.each([
    ['no signature', null],
    ['a signature made with another secret', signWebhook('x', 'whsec_someone_else')],
    ['a garbled signature', 't=1,v1=deadbeef'],
  ])('refuses %s', async (_case, signature) => {
    const payload = event('setup_intent.succeeded', 'seti_x');
    const response = await post(payload, signature === null ? null : signature.startsWith('t=1') ? signature : signWebhook(payload, 'whsec_someone_else'));
    expect(response.status).toBe(400);
  });

  it('refuses a body changed after signing', async () => {
    const payload = event('setup_intent.succeeded', 'seti_x');
    const response = await post(payload.replace('seti_x', 'seti_y'), signWebhook(payload, secret));
    expect(response.status).toBe(400);
  });

  it('handles each event once: a replay is answered, not handled again', async () => {
    const payload = event('payment_intent.succeeded', 'pi_unrelated', 'evt_replayed');
    const signature = signWebhook(payload, secret);
    expect(await (await post(payload, signature)).json()).toEqual({ status: 'success', outcome: 'handled' });
    expect(await (await post(payload, signature)).json()).toEqual({ status: 'success', outcome: 'duplicate' });
    expect(await app.ctx.database.db.select().from(paymentEvents).where(eq(paymentEvents.id, 'evt_replayed'))).toHaveLength(1);
  });

  it('completes a pending order when the authentication succeeds, even if the browser never comes back', async () => {
    const { reply } = await pendingOrder(TEST_CARDS.authenticate);
    expect(reply.requires_action).toBe(true);
    await (app.ctx.payments as LocalGateway).authenticate(reply.payment_intent_id, reply.client_secret, true);
    expect(await orderStatus(reply.order.id)).toBe('completed');
  });

  it('fails a pending order when the authentication fails', async () => {
    const { reply } = await pendingOrder(TEST_CARDS.authenticate);
    await (app.ctx.payments as LocalGateway).authenticate(reply.payment_intent_id, reply.client_secret, false);
    expect(await orderStatus(reply.order.id)).toBe('failed');
  });

  it('trusts the gateway, not the order events arrive in: an early "succeeded" changes nothing', async () => {
    const { reply } = await pendingOrder(TEST_CARDS.authenticate);
    const payload = event('setup_intent.succeeded', reply.payment_intent_id);
    expect((await post(payload, signWebhook(payload, secret))).status).toBe(200);
    expect(await orderStatus(reply.order.id)).toBe('pending');
  });

  const signed = (value: unknown) => {
    const payload = JSON.stringify(value);
    return post(payload, signWebhook(payload, secret));
  };
  const handledLines = (id: string) => app.logLines.filter((line) => line.includes('"payment event handled"') && line.includes(`"${id}"`)).length;

  it.each([
    ['no id', { object: 'event', type: 'payment_intent.succeeded', data: { object: { id: 'pi_x', object: 'payment_intent' } } }],
    ['no type', { id: 'evt_no_type', object: 'event', data: { object: { id: 'pi_x', object: 'payment_intent' } } }],
    ['an id that is not text', { id: { $ne: '' }, object: 'event', type: 'payment_intent.succeeded', data: { object: { id: 'pi_x', object: 'payment_intent' } } }],
  ])('refuses a signed event with %s: 400, never 500', async (_case, value) => {
    const response = await signed(value);
    expect(response.status).toBe(400);
  });

  it.each([
    ['no data at all', { type: 'payment_intent.succeeded' }],
    ['no object', { type: 'payment_intent.succeeded', data: {} }],
    ['an object without an id', { type: 'payment_intent.succeeded', data: { object: { object: 'payment_intent' } } }],
    ['an object that is a string', { type: 'setup_intent.setup_failed', data: { object: 'seti_x' } }],
    ['metadata that is not text', { type: 'payment_intent.succeeded', data: { object: { id: 'pi_x', object: 'payment_intent', metadata: { order_id: 12 } } } }],
  ])('acknowledges and ignores a signed event with %s: 200, never 500', async (_case, value) => {
    const response = await signed({ id: `evt_${crypto.randomUUID()}`, object: 'event', ...value });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'success', outcome: 'ignored' });
  });

  it.each([
    ['an order id that is no uuid', { order_id: 'not-a-uuid' }],
    ['a charge id that is no uuid', { charge_id: "1' or '1'='1" }],
  ])('handles a signed event whose metadata has %s without looking it up', async (_case, metadata) => {
    const response = await signed({ id: `evt_${crypto.randomUUID()}`, object: 'event', type: 'payment_intent.payment_failed', data: { object: { id: 'pi_nothing', object: 'payment_intent', metadata } } });
    expect(await response.json()).toEqual({ status: 'success', outcome: 'handled' });
  });

  it('handles the same event once when it arrives several times at once (the row is claimed first)', async () => {
    const id = `evt_${crypto.randomUUID()}`;
    const payload = event('payment_intent.succeeded', 'pi_concurrent', id);
    const signature = signWebhook(payload, secret);
    const replies = await Promise.all(Array.from({ length: 6 }, async () => (await (await post(payload, signature)).json()) as { outcome: string }));
    expect(replies.map((reply) => reply.outcome).sort()).toEqual(['duplicate', 'duplicate', 'duplicate', 'duplicate', 'duplicate', 'handled']);
    expect(handledLines(id)).toBe(1);
    const [row] = await app.ctx.database.db.select().from(paymentEvents).where(eq(paymentEvents.id, id));
    expect(row?.handledAt).toBeInstanceOf(Date);
  });

  it('gives the claim back when handling fails, so the gateway\'s retry is handled', async () => {
    const id = `evt_${crypto.randomUUID()}`;
    const gateway = app.ctx.payments;
    const original = gateway.retrieveIntent.bind(gateway);
    const { reply } = await pendingOrder(TEST_CARDS.authenticate);
    const failing = event('setup_intent.setup_failed', reply.payment_intent_id, id);
    gateway.retrieveIntent = () => Promise.reject(new Error('gateway unreachable'));
    try {
      expect((await post(failing, signWebhook(failing, secret))).status).toBe(500);
    } finally {
      gateway.retrieveIntent = original;
    }
    expect(await app.ctx.database.db.select().from(paymentEvents).where(eq(paymentEvents.id, id))).toEqual([]);
    expect(await (await post(failing, signWebhook(failing, secret))).json()).toEqual({ status: 'success', outcome: 'handled' });
  });
});
