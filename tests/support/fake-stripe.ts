import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';

/**
 * A small fake of Stripe's HTTP API (v1) on 127.0.0.1, for driving the real `stripe` SDK with no
 * network: it reads form bodies as Stripe does (bracket notation), records every request, answers
 * with Stripe's object and error shapes, replays idempotent requests, and mirrors Stripe's test
 * cards (4242…: succeeds, 4000 0027 6000 3184: 3-D Secure, 4000…0002: declined, 4000…9995: no funds).
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormBody = Record<string, FormValue>;
export type CardBehaviour = 'succeeds' | 'authenticate' | 'declined' | 'insufficient_funds';
type StripeObject = Record<string, unknown> & { id: string };

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  rawBody: string;
  body: FormBody;
}

interface Reply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** Reads `a[b][0]=x&c=y` into `{ a: { b: ['x'] }, c: 'y' }`, the way Stripe's API reads it. */
export function parseStripeForm(raw: string): FormBody {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
    if (!match) throw new Error(`malformed form key: ${key}`);
    const path = [match[1]!, ...[...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((part) => part[1]!)];
    let node = root;
    for (const segment of path.slice(0, -1)) node = (node[segment] ??= {}) as Record<string, unknown>;
    node[path.at(-1)!] = value;
  }
  const arrays = (value: unknown): FormValue => {
    if (typeof value === 'string') return value;
    const entries = Object.entries(value as Record<string, unknown>).map(([key, inner]) => [key, arrays(inner)] as const);
    const isList = entries.length > 0 && entries.every(([key], index) => key === String(index));
    return isList ? entries.map(([, inner]) => inner) : Object.fromEntries(entries);
  };
  return arrays(root) as FormBody;
}

/** Stripe-like ids: a type prefix and random letters and digits (`pm_1Q…`, `seti_1Q…`, `cus_Q…`). */
const stripeId = (prefix: string, length = 24) => prefix + randomBytes(length).toString('base64url').replace(/[-_]/g, 'x').slice(0, length);
const now = () => Math.floor(Date.now() / 1000);
const stripeError = (status: number, error: Record<string, unknown>): Reply => ({ status, body: { error } });
const noSuch = (param: string, what: string, id: string) => stripeError(404, { type: 'invalid_request_error', code: 'resource_missing', param, message: `No such ${what}: '${id}'` });

function customerFrom(body: FormBody): StripeObject {
  const invoiceSettings = { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null };
  return {
    ...{ id: stripeId('cus_', 14), object: 'customer', address: null, balance: 0, created: now(), currency: null, default_source: null, delinquent: false },
    ...{ description: null, email: body.email ?? null, invoice_prefix: randomBytes(4).toString('hex').toUpperCase(), invoice_settings: invoiceSettings },
    ...{ livemode: false, metadata: body.metadata ?? {}, name: body.name ?? null, phone: null, preferred_locales: [], shipping: null, tax_exempt: 'none', test_clock: null },
  };
}

function declineOf(behaviour: CardBehaviour, requestId: string) {
  const noFunds = behaviour === 'insufficient_funds';
  return {
    type: 'card_error',
    code: 'card_declined',
    decline_code: noFunds ? 'insufficient_funds' : 'generic_decline',
    message: noFunds ? 'Your card has insufficient funds.' : 'Your card was declined.',
    advice_code: noFunds ? 'try_again_later' : 'do_not_try_again',
    doc_url: 'https://stripe.com/docs/error-codes/card-declined',
    request_log_url: `https://dashboard.stripe.com/test/logs/${requestId}`,
  };
}

function authenticationFailure(kind: 'setup' | 'payment') {
  const code = kind === 'setup' ? 'setup_intent_authentication_failure' : 'payment_intent_authentication_failure';
  return {
    type: 'invalid_request_error',
    code,
    doc_url: `https://stripe.com/docs/error-codes/${code.replaceAll('_', '-')}`,
    message:
      kind === 'setup'
        ? 'The latest attempt to set up the payment method has failed because authentication failed.'
        : 'The provided PaymentMethod has failed authentication. You can provide payment_method_data or a new PaymentMethod to attempt to fulfill this PaymentIntent again.',
  };
}

export async function startFakeStripe(options: { secretKey: string }) {
  const requests: RecordedRequest[] = [];
  const customers = new Map<string, StripeObject>();
  const methods = new Map<string, { object: StripeObject; behaviour: CardBehaviour }>();
  const intents = new Map<string, StripeObject>();
  const refunds: StripeObject[] = [];
  const idempotent = new Map<string, { path: string; rawBody: string; reply: Reply }>();
  const failures: Reply[] = [];

  /** Stripe.js in the browser: card details become a payment method, and only its id reaches our server. */
  function createPaymentMethod(card: { brand: string; last4: string; expMonth: number; expYear: number; behaviour?: CardBehaviour }): string {
    const id = stripeId('pm_1');
    const billingAddress = { city: null, country: null, line1: null, line2: null, postal_code: null, state: null };
    const object = {
      ...{ id, object: 'payment_method', allow_redisplay: 'unspecified', billing_details: { address: billingAddress, email: null, name: null, phone: null } },
      card: {
        ...{ brand: card.brand, checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'unchecked' }, country: 'JP', display_brand: card.brand },
        ...{ exp_month: card.expMonth, exp_year: card.expYear, fingerprint: stripeId('', 16), funding: 'credit', generated_from: null, last4: card.last4 },
        ...{ networks: { available: [card.brand], preferred: null }, regulated_status: 'unregulated', three_d_secure_usage: { supported: true }, wallet: null },
      },
      ...{ created: now(), customer: null, livemode: false, metadata: {}, type: 'card' },
    };
    methods.set(id, { object, behaviour: card.behaviour ?? 'succeeds' });
    return id;
  }

  function createIntent(kind: 'setup' | 'payment', body: FormBody, requestId: string): Reply {
    const method = methods.get(String(body.payment_method));
    if (!method) return { ...noSuch('payment_method', 'PaymentMethod', String(body.payment_method)), status: 400 };
    const id = stripeId(kind === 'setup' ? 'seti_1' : 'pi_3');
    const shared = {
      id,
      application: null,
      automatic_payment_methods: body.automatic_payment_methods ? { allow_redirects: 'never', enabled: true } : null,
      cancellation_reason: null,
      client_secret: `${id}_secret_${stripeId('', 25)}`,
      created: now(),
      customer: body.customer ?? null,
      description: body.description ?? null,
      livemode: false,
      metadata: body.metadata ?? {},
      next_action: null,
      on_behalf_of: null,
      payment_method: method.object.id,
      payment_method_types: ['card'],
      status: 'requires_confirmation',
    };
    const intent: StripeObject =
      kind === 'setup'
        ? { ...shared, object: 'setup_intent', flow_directions: null, last_setup_error: null, latest_attempt: null, mandate: null, single_use_mandate: null, usage: body.usage ?? 'off_session' }
        : {
            ...{ ...shared, object: 'payment_intent', amount: Number(body.amount), amount_capturable: 0, amount_received: 0, capture_method: 'automatic' },
            ...{ confirmation_method: 'automatic', currency: body.currency, last_payment_error: null, latest_charge: null, receipt_email: null },
            setup_future_usage: body.setup_future_usage ?? null,
          };
    intents.set(id, intent);
    if (body.confirm !== 'true') return { status: 200, body: intent };
    const { behaviour } = method;
    if (behaviour === 'authenticate' && body.off_session === 'true') {
      // Off session nobody can answer the bank: Stripe fails the charge and asks to bring the customer back.
      const error = {
        type: 'card_error',
        code: 'authentication_required',
        decline_code: 'authentication_required',
        message: 'Your card was declined. This transaction requires authentication.',
        doc_url: 'https://stripe.com/docs/error-codes/authentication-required',
        payment_method: method.object,
      };
      Object.assign(intent, { status: 'requires_payment_method', last_payment_error: error });
      return stripeError(402, { ...error, payment_intent: intent });
    }
    if (behaviour === 'authenticate') {
      const stripeJs = `https://hooks.stripe.com/3d_secure_2/hosted?${String(intent.object)}=${id}`;
      Object.assign(intent, { status: 'requires_action', next_action: { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect', stripe_js: stripeJs } } });
      return { status: 200, body: intent };
    }
    if (behaviour === 'declined' || (behaviour === 'insufficient_funds' && kind === 'payment')) {
      const decline = { ...declineOf(behaviour, requestId), payment_method: method.object };
      Object.assign(intent, { status: 'requires_payment_method', [kind === 'setup' ? 'last_setup_error' : 'last_payment_error']: decline });
      return stripeError(402, { ...decline, [kind === 'setup' ? 'setup_intent' : 'payment_intent']: intent });
    }
    succeed(intent);
    return { status: 200, body: intent };
  }

  function succeed(intent: StripeObject) {
    Object.assign(intent, { status: 'succeeded', next_action: null });
    if (intent.object === 'payment_intent') Object.assign(intent, { amount_received: intent.amount, latest_charge: stripeId('ch_3') });
  }

  function route(method: string, path: string, body: FormBody, requestId: string): Reply {
    let match: RegExpExecArray | null;
    if (method === 'POST' && path === '/v1/customers') {
      const customer = customerFrom(body);
      customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    if (method === 'POST' && (match = /^\/v1\/customers\/([^/]+)$/.exec(path))) {
      const customer = customers.get(match[1]!);
      if (!customer) return noSuch('id', 'customer', match[1]!);
      const settings = body.invoice_settings as Record<string, FormValue> | undefined;
      if (settings) Object.assign(customer.invoice_settings as object, settings);
      return { status: 200, body: customer };
    }
    if (method === 'GET' && (match = /^\/v1\/payment_methods\/([^/]+)$/.exec(path))) {
      const found = methods.get(match[1]!);
      return found ? { status: 200, body: found.object } : noSuch('payment_method', 'PaymentMethod', match[1]!);
    }
    if (method === 'POST' && (match = /^\/v1\/payment_methods\/([^/]+)\/attach$/.exec(path))) {
      const found = methods.get(match[1]!);
      if (!found) return noSuch('payment_method', 'PaymentMethod', match[1]!);
      if (!customers.has(String(body.customer))) return { ...noSuch('customer', 'customer', String(body.customer)), status: 400 };
      // Stripe checks the card with the issuer when it is attached.
      if (found.behaviour === 'declined') return stripeError(402, declineOf(found.behaviour, requestId));
      // Stripe will not move a card from one customer to another.
      if (found.object.customer && found.object.customer !== body.customer) {
        return stripeError(400, { type: 'invalid_request_error', message: 'The payment method you provided has already been attached to a customer.' });
      }
      found.object.customer = body.customer;
      return { status: 200, body: found.object };
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const intent = intents.get(String(body.payment_intent));
      if (!intent || intent.status !== 'succeeded') return { ...noSuch('payment_intent', 'payment_intent', String(body.payment_intent)), status: 400 };
      const left = Number(intent.amount) - refunds.filter((refund) => refund.payment_intent === intent.id).reduce((sum, refund) => sum + Number(refund.amount), 0);
      const amount = body.amount === undefined ? left : Number(body.amount);
      if (amount > left) return stripeError(400, { type: 'invalid_request_error', code: 'amount_too_large', message: `Refund amount (¥${amount}) is greater than unrefunded amount on charge (¥${left})` });
      const refund = { id: stripeId('re_3'), object: 'refund', amount, currency: 'jpy', payment_intent: intent.id, status: 'succeeded', metadata: body.metadata ?? {}, created: now(), failure_reason: null };
      refunds.push(refund);
      return { status: 200, body: refund };
    }
    if (method === 'POST' && path === '/v1/setup_intents') return createIntent('setup', body, requestId);
    if (method === 'POST' && path === '/v1/payment_intents') return createIntent('payment', body, requestId);
    if (method === 'GET' && (match = /^\/v1\/(setup|payment)_intents\/([^/]+)$/.exec(path))) {
      const intent = intents.get(match[2]!);
      if (intent?.object === `${match[1]}_intent`) return { status: 200, body: intent };
      return noSuch('intent', `${match[1]}_intent`, match[2]!);
    }
    return stripeError(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` });
  }

  function answer(response: ServerResponse, reply: Reply, requestId: string, version: string) {
    response.writeHead(reply.status, { 'content-type': 'application/json', 'request-id': requestId, 'stripe-version': version, ...reply.headers });
    response.end(JSON.stringify(reply.body));
  }

  const server = createServer((request, response) => {
    let rawBody = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (rawBody += chunk));
    request.on('end', () => {
      const url = new URL(request.url!, 'http://stripe.invalid');
      const method = request.method!;
      const body = parseStripeForm(method === 'GET' ? url.search.slice(1) : rawBody);
      requests.push({ method, path: url.pathname, headers: request.headers, rawBody, body });
      const requestId = stripeId('req_', 14);
      const version = String(request.headers['stripe-version'] ?? '');
      const failure = failures.shift();
      if (failure) return answer(response, failure, requestId, version);
      if (request.headers.authorization !== `Bearer ${options.secretKey}`) {
        const given = String(request.headers.authorization ?? '').replace(/^Bearer /, '');
        const message = `Invalid API Key provided: ${given.slice(0, 8)}${'*'.repeat(12)}${given.slice(-4)}`;
        return answer(response, stripeError(401, { type: 'invalid_request_error', message }), requestId, version);
      }
      const key = request.headers['idempotency-key'];
      const earlier = typeof key === 'string' ? idempotent.get(key) : undefined;
      if (earlier && (earlier.path !== url.pathname || earlier.rawBody !== rawBody)) {
        const message =
          'Keys for idempotent requests can only be used with the same parameters they were first used with. ' +
          `Try using a key other than '${String(key)}' if you meant to execute a different request.`;
        return answer(response, stripeError(400, { type: 'idempotency_error', message }), requestId, version);
      }
      const replayed = { 'idempotent-replayed': 'true', 'original-request': earlier?.path ?? '' };
      if (earlier) return answer(response, { ...earlier.reply, headers: replayed }, requestId, version);
      const reply = route(method, url.pathname, body, requestId);
      if (method === 'POST' && typeof key === 'string') idempotent.set(key, { path: url.pathname, rawBody, reply: structuredClone(reply) });
      answer(response, reply, requestId, version);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    host: '127.0.0.1',
    port: (server.address() as { port: number }).port,
    requests,
    customers,
    intents,
    refunds,
    createPaymentMethod,
    /** The next request fails before Stripe acts on it (nothing is saved for its idempotency key). */
    failNext(status = 500, headers: Record<string, string> = {}) {
      failures.push({ status, headers, body: { error: { type: 'api_error', message: 'An unknown error occurred' } } });
    },
    /** The bank's page: the customer passes or fails 3-D Secure for an intent that requires action. */
    authenticate(intentId: string, passed: boolean) {
      const intent = intents.get(intentId);
      if (intent?.status !== 'requires_action') throw new Error(`${intentId} does not require action`);
      if (passed) return succeed(intent);
      const kind = intent.object === 'setup_intent' ? 'setup' : 'payment';
      Object.assign(intent, { status: 'requires_payment_method', next_action: null, [kind === 'setup' ? 'last_setup_error' : 'last_payment_error']: authenticationFailure(kind) });
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
