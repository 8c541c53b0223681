import { createHmac } from 'node:crypto';
import { inspect } from 'node:util';
import Stripe from 'stripe';
import { afterAll, describe, expect, it } from 'vitest';
import { type CardBehaviour, startFakeStripe } from '../../../tests/support/fake-stripe.ts';
import { redact } from '../../lib/logger.ts';
import { StripeGateway } from './stripe.ts';
import { CardError, type Intent } from './types.ts';

/**
 * The Stripe adapter, driven through the real SDK against a fake of Stripe's API on 127.0.0.1:
 * what it sends (form fields, idempotency keys, the secret key as Bearer auth) and how it reads
 * Stripe's replies and errors into our Intent and CardError.
 */
const secretKey = 'sk_test_51MusioEnglishFakeSecretKey0123456789';
const webhookSecret = 'whsec_musio_fake_webhook_secret_0123456789';
const fake = await startFakeStripe({ secretKey });
afterAll(() => fake.close());

const gatewayWith = (key: string) =>
  new StripeGateway({ secretKey: key, publishableKey: 'pk_test_51MusioEnglishPublishable', webhookSecret, host: fake.host, port: fake.port, protocol: 'http' });
const gateway = gatewayWith(secretKey);

/** Runs `act` and returns the requests Stripe received meanwhile. */
async function received<T>(act: () => Promise<T>) {
  const from = fake.requests.length;
  const result = await act();
  return { result, requests: fake.requests.slice(from) };
}

async function customerWithCard(behaviour: CardBehaviour = 'succeeds') {
  const customerId = await gateway.createCustomer({ accountId: crypto.randomUUID(), email: 'hanako@example.jp', name: '山田 花子' });
  const paymentMethodId = fake.createPaymentMethod({ brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030, behaviour });
  if (behaviour !== 'declined') await gateway.attachCard({ customerId, paymentMethodId });
  return { customerId, paymentMethodId };
}

const metadata = (orderId: string) => ({ order_id: orderId, account_id: 'acct-1' });
const setupFor = (card: { customerId: string; paymentMethodId: string }, idempotencyKey = `order:${crypto.randomUUID()}:setup`) =>
  gateway.createSetupIntent({ ...card, idempotencyKey, metadata: metadata('order-1') });
const paymentFor = (card: { customerId: string; paymentMethodId: string }, idempotencyKey = `order:${crypto.randomUUID()}:books`) =>
  gateway.createPaymentIntent({ ...card, amount: 3300, description: 'オプション教材（注文 order-1）', idempotencyKey, metadata: metadata('order-1') });

describe('customers and cards', () => {
  it('creates a customer with the account in its metadata, keyed by the account so a retry makes no second customer', async () => {
    const accountId = crypto.randomUUID();
    const input = { accountId, email: 'hanako+stripe@example.jp', name: '山田 花子' };
    const { result: customerId, requests } = await received(() => gateway.createCustomer(input));

    expect(customerId).toMatch(/^cus_/);
    expect(fake.customers.get(customerId)).toMatchObject({ email: input.email, name: '山田 花子', metadata: { account_id: accountId } });
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request).toMatchObject({ method: 'POST', path: '/v1/customers', body: { email: input.email, name: '山田 花子', metadata: { account_id: accountId } } });
    expect(request!.rawBody).toContain(`metadata[account_id]=${accountId}`);
    expect(request!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(request!.headers['idempotency-key']).toMatch(new RegExp(`^customer:${accountId}:[0-9a-f]{16}$`));
    expect(request!.headers['stripe-version']).toBe(Stripe.API_VERSION);

    const before = fake.customers.size;
    expect(await gateway.createCustomer(input)).toBe(customerId);
    expect(fake.customers.size).toBe(before);
  });

  it('makes a new customer, not an idempotency error, when the details changed before a retry', async () => {
    const accountId = crypto.randomUUID();
    const first = await gateway.createCustomer({ accountId, email: 'old@example.jp', name: '山田 花子' });
    const second = await gateway.createCustomer({ accountId, email: 'new@example.jp', name: '山田 花子' });
    expect(second).not.toBe(first);
    expect(fake.customers.get(second)).toMatchObject({ email: 'new@example.jp', metadata: { account_id: accountId } });
  });

  it('attaches the card, makes it the default for invoices and returns what the card shows', async () => {
    const customerId = await gateway.createCustomer({ accountId: crypto.randomUUID(), email: 'taro@example.jp', name: '試験 太郎' });
    const paymentMethodId = fake.createPaymentMethod({ brand: 'jcb', last4: '0000', expMonth: 3, expYear: 2031 });
    const { result, requests } = await received(() => gateway.attachCard({ customerId, paymentMethodId }));

    expect(result).toEqual({ brand: 'jcb', last4: '0000', expMonth: 3, expYear: 2031 });
    expect(requests.map((request) => [request.method, request.path, request.body])).toEqual([
      ['GET', `/v1/payment_methods/${paymentMethodId}`, {}],
      ['POST', `/v1/payment_methods/${paymentMethodId}/attach`, { customer: customerId }],
      ['POST', `/v1/customers/${customerId}`, { invoice_settings: { default_payment_method: paymentMethodId } }],
    ]);
    expect(fake.customers.get(customerId)).toMatchObject({ invoice_settings: { default_payment_method: paymentMethodId } });
  });

  it('turns a card Stripe declines when attaching it (402 card_error) into a CardError with the decline code', async () => {
    const { customerId, paymentMethodId } = await customerWithCard('declined');
    const { result: error, requests } = await received(() => gateway.attachCard({ customerId, paymentMethodId }).catch((caught: unknown) => caught));

    expect(error).toBeInstanceOf(CardError);
    expect(error).toMatchObject({ code: 'generic_decline' });
    // A refused card is never made the customer's default.
    expect(requests.map((request) => request.path)).toEqual([`/v1/payment_methods/${paymentMethodId}`, `/v1/payment_methods/${paymentMethodId}/attach`]);
  });
  it('refuses a card already attached to another customer, without asking Stripe to attach it', async () => {
    const owner = await customerWithCard('succeeds');
    const otherCustomer = await gateway.createCustomer({ accountId: crypto.randomUUID(), email: 'other@example.jp', name: '他人 太郎' });
    const { result: error, requests } = await received(() => gateway.attachCard({ customerId: otherCustomer, paymentMethodId: owner.paymentMethodId }).catch((caught: unknown) => caught));

    expect(error).toBeInstanceOf(CardError);
    expect(error).toMatchObject({ code: 'payment_method_not_owned' });
    expect(requests.map((request) => [request.method, request.path])).toEqual([['GET', `/v1/payment_methods/${owner.paymentMethodId}`]]);
    expect(fake.customers.get(otherCustomer)).toMatchObject({ invoice_settings: { default_payment_method: null } });
  });

  it('saves a card again for its own customer without attaching it twice', async () => {
    const card = await customerWithCard('succeeds');
    const { result, requests } = await received(() => gateway.attachCard(card));
    expect(result).toMatchObject({ last4: '4242' });
    expect(requests.map((request) => [request.method, request.path])).toEqual([
      ['GET', `/v1/payment_methods/${card.paymentMethodId}`],
      ['POST', `/v1/customers/${card.customerId}`],
    ]);
  });
});

describe.each(['setup', 'payment'] as const)('%s intents', (kind) => {
  const create = kind === 'setup' ? setupFor : paymentFor;
  const path = kind === 'setup' ? '/v1/setup_intents' : '/v1/payment_intents';

  it('sends the customer, the card, a confirmation and the order in metadata, under the idempotency key it is given', async () => {
    const card = await customerWithCard();
    const { result: intent, requests } = await received(() => create(card, `order:o-${kind}:${kind === 'setup' ? 'setup' : 'books'}`));

    expect(requests).toHaveLength(1);
    const [request] = requests;
    const shared = {
      customer: card.customerId,
      payment_method: card.paymentMethodId,
      confirm: 'true',
      automatic_payment_methods: { enabled: 'true', allow_redirects: 'never' },
      metadata: { order_id: 'order-1', account_id: 'acct-1' },
    };
    const expected = kind === 'setup' ? { ...shared, usage: 'off_session' } : { ...shared, amount: '3300', currency: 'jpy', description: 'オプション教材（注文 order-1）' };
    expect(request).toMatchObject({ method: 'POST', path });
    expect(request!.body).toEqual(expected);
    expect(request!.rawBody).toContain('metadata[order_id]=order-1');
    expect(request!.headers['idempotency-key']).toBe(`order:o-${kind}:${kind === 'setup' ? 'setup' : 'books'}`);
    expect(intent).toEqual({
      id: expect.stringMatching(kind === 'setup' ? /^seti_/ : /^pi_/),
      kind,
      status: 'succeeded',
      clientSecret: expect.stringMatching(/_secret_/),
      paymentMethodId: card.paymentMethodId,
      amount: kind === 'setup' ? null : 3300,
      errorCode: undefined,
      metadata: { order_id: 'order-1', account_id: 'acct-1' },
    } satisfies Intent);
  });

  it('sends the same idempotency key when asked twice, so Stripe answers with the first intent instead of a second one', async () => {
    const card = await customerWithCard();
    const key = `order:${crypto.randomUUID()}:${kind}`;
    const before = fake.intents.size;
    const { result, requests } = await received(async () => [await create(card, key), await create(card, key)]);

    expect(requests.map((request) => request.headers['idempotency-key'])).toEqual([key, key]);
    expect(result[1]).toEqual(result[0]);
    expect(fake.intents.size).toBe(before + 1);
  });

  it('retries a failed request with the same idempotency key', async () => {
    const card = await customerWithCard();
    const key = `order:${crypto.randomUUID()}:${kind}`;
    fake.failNext(500);
    const { result, requests } = await received(() => create(card, key));

    expect(requests.map((request) => [request.path, request.headers['idempotency-key']])).toEqual([
      [path, key],
      [path, key],
    ]);
    expect(result.status).toBe('succeeded');
  });

  it.each<[CardBehaviour, Intent['status'], string | undefined]>([
    ['succeeds', 'succeeded', undefined],
    ['authenticate', 'requires_action', undefined],
    ['declined', 'requires_payment_method', 'generic_decline'],
    ['insufficient_funds', kind === 'setup' ? 'succeeded' : 'requires_payment_method', kind === 'setup' ? undefined : 'insufficient_funds'],
  ])('reads a card that %s as %s (errorCode %s)', async (behaviour, status, errorCode) => {
    const card = await customerWithCard(behaviour);
    const intent = await create(card);
    const stored = fake.intents.get(intent.id);

    expect(stored, 'the intent Stripe created, even when it answered 402').toBeDefined();
    expect(intent).toMatchObject({ id: stored!.id, kind, status, clientSecret: stored!.client_secret, paymentMethodId: card.paymentMethodId, errorCode });
  });

  it('reads the intent back: after 3-D Secure passes, and after it fails', async () => {
    const card = await customerWithCard('authenticate');
    const passed = await create(card);
    const failed = await create(card);
    expect(passed.status).toBe('requires_action');
    expect(passed.clientSecret).toBe(fake.intents.get(passed.id)!.client_secret);

    fake.authenticate(passed.id, true);
    fake.authenticate(failed.id, false);
    const { result, requests } = await received(async () => [await gateway.retrieveIntent(kind, passed.id), await gateway.retrieveIntent(kind, failed.id)]);

    expect(requests.map((request) => [request.method, request.path, request.rawBody])).toEqual([
      ['GET', `${path}/${passed.id}`, ''],
      ['GET', `${path}/${failed.id}`, ''],
    ]);
    expect(result[0]).toMatchObject({ id: passed.id, kind, status: 'succeeded', errorCode: undefined });
    // Stripe says payment_intent_authentication_failure / setup_intent_authentication_failure; our contract says authentication_failed.
    expect(result[1]).toMatchObject({ id: failed.id, kind, status: 'requires_payment_method', errorCode: 'authentication_failed' });
  });

  it('fails loudly for an intent Stripe does not know', async () => {
    await expect(gateway.retrieveIntent(kind, `${kind === 'setup' ? 'seti' : 'pi'}_unknown`)).rejects.toThrow(/No such/);
  });
});

describe('charges by the billing clock (off session) and refunds', () => {
  it('charges off session: a card that needs 3-D Secure fails with authentication_required instead of waiting', async () => {
    const card = await customerWithCard('authenticate');
    const { result: intent, requests } = await received(() =>
      gateway.createPaymentIntent({ ...card, amount: 46_200, description: 'プラン料金', idempotencyKey: 'sub:s-1:period:2026-03-08:1', metadata: { charge_id: 'c-1' }, offSession: true }),
    );
    expect(requests[0]!.body).toMatchObject({ off_session: 'true', confirm: 'true', amount: '46200', currency: 'jpy' });
    expect(intent).toMatchObject({ status: 'requires_payment_method', errorCode: 'authentication_required', metadata: { charge_id: 'c-1' } });
  });

  it('charges off session with a good card', async () => {
    const card = await customerWithCard();
    const intent = await gateway.createPaymentIntent({ ...card, amount: 46_200, description: 'プラン料金', idempotencyKey: `sub:s-2:period:${crypto.randomUUID()}:1`, metadata: {}, offSession: true });
    expect(intent).toMatchObject({ status: 'succeeded', amount: 46_200 });
  });

  it('refunds part of a payment under its idempotency key, and never more than is left', async () => {
    const card = await customerWithCard();
    const payment = await paymentFor(card);
    const key = `refund:${crypto.randomUUID()}`;
    const { result: refund, requests } = await received(() => gateway.refund({ paymentIntentId: payment.id, amount: 1000, idempotencyKey: key, metadata: { refund_id: 'r-1' } }));
    expect(refund).toMatchObject({ id: expect.stringMatching(/^re_/), status: 'succeeded', amount: 1000 });
    expect(requests[0]).toMatchObject({ path: '/v1/refunds', body: { payment_intent: payment.id, amount: '1000' } });
    expect(requests[0]!.headers['idempotency-key']).toBe(key);
    // The same key again is the same refund, not a second one.
    expect(await gateway.refund({ paymentIntentId: payment.id, amount: 1000, idempotencyKey: key, metadata: { refund_id: 'r-1' } })).toEqual(refund);
    expect(fake.refunds.filter((row) => row.payment_intent === payment.id)).toHaveLength(1);
    await expect(gateway.refund({ paymentIntentId: payment.id, amount: 3000, idempotencyKey: `refund:${crypto.randomUUID()}`, metadata: {} })).rejects.toThrow();
  });
});

describe('the secret key', () => {
  it('goes to Stripe as Bearer auth, and never to the browser', async () => {
    const { requests } = await received(async () => {
      const card = await customerWithCard();
      await gateway.retrieveIntent('setup', (await setupFor(card)).id);
    });
    expect(requests.length).toBeGreaterThanOrEqual(4);
    for (const request of requests) expect(request.headers.authorization).toBe(`Bearer ${secretKey}`);
    expect(gateway.browserConfig).toEqual({ gateway: 'stripe', publishableKey: 'pk_test_51MusioEnglishPublishable' });
  });

  it('is in no error our code throws: a refused key, an unknown intent, a card error, a server error', async () => {
    const wrongKey = 'sk_test_51MusioEnglishRevokedKey9876543210';
    const card = await customerWithCard('declined');
    const errors = await Promise.all([
      gatewayWith(wrongKey)
        .createCustomer({ accountId: 'a', email: 'a@example.jp', name: 'a' })
        .catch((error: unknown) => error),
      gateway.retrieveIntent('payment', 'pi_missing').catch((error: unknown) => error),
      gateway.attachCard(card).catch((error: unknown) => error),
    ]);
    fake.failNext(500, { 'stripe-should-retry': 'false' });
    const serverError = await gateway.createCustomer({ accountId: 'b', email: 'b@example.jp', name: 'b' }).catch((error: unknown) => error);

    expect(errors[0]).toMatchObject({ statusCode: 401 });
    expect(serverError).toMatchObject({ statusCode: 500 });
    for (const error of [...errors, serverError]) {
      expect(error).toBeInstanceOf(Error);
      const shown = [String(error), (error as Error).stack, JSON.stringify(redact(error)), inspect(error, { depth: 6 })].join('\n');
      for (const key of [secretKey, wrongKey]) expect(shown).not.toContain(key);
    }
  });
});

describe('webhooks', () => {
  const payload = JSON.stringify({
    id: 'evt_3MusioEnglishWebhook01',
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    data: { object: { id: 'pi_3MusioEnglishPayment01', object: 'payment_intent', amount: 3300, currency: 'jpy', status: 'succeeded', metadata: { order_id: 'order-1' } } },
    livemode: false,
    pending_webhooks: 1,
    request: { id: 'req_MusioEnglish01', idempotency_key: 'order:order-1:books' },
    type: 'payment_intent.succeeded',
  });
  /** Stripe's documented scheme: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed by the whsec secret>`. */
  const sign = (body: string, secret = webhookSecret, t = Math.floor(Date.now() / 1000)) => `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;

  it('accepts an event signed with the endpoint secret', () => {
    expect(gateway.parseWebhook(payload, sign(payload))).toEqual({
      id: 'evt_3MusioEnglishWebhook01',
      type: 'payment_intent.succeeded',
      object: expect.objectContaining({ id: 'pi_3MusioEnglishPayment01', object: 'payment_intent', status: 'succeeded', metadata: { order_id: 'order-1' } }),
    });
  });

  it.each([
    ['a tampered body', () => gateway.parseWebhook(payload.replace('"amount":3300', '"amount":1'), sign(payload))],
    ['another secret', () => gateway.parseWebhook(payload, sign(payload, 'whsec_someone_else'))],
    ['a signature older than five minutes', () => gateway.parseWebhook(payload, sign(payload, webhookSecret, Math.floor(Date.now() / 1000) - 301))],
    ['no signature', () => gateway.parseWebhook(payload, null)],
  ])('refuses %s', (_case, parse) => {
    expect(parse).toThrow(Stripe.errors.StripeSignatureVerificationError);
  });
});
