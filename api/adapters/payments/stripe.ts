import { createHash } from 'node:crypto';
import Stripe from 'stripe';
import { verifyWebhook } from './webhook-signature.ts';
import { CardError, RateLimitedError, type CardSummary, type Intent, type IntentStatus, type PaymentGateway, type PaymentIntentInput, type Refund } from './types.ts';

/**
 * Stripe: card numbers never reach our server (Stripe.js turns them into a payment method in
 * the browser); amounts are yen (a zero-decimal currency); every write carries an idempotency
 * key derived from the order, so a retry is never a second charge.
 */
export interface StripeOptions {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Tests point the SDK at a local fake of Stripe's API. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
}

export class StripeGateway implements PaymentGateway {
  readonly kind = 'stripe' as const;
  readonly browserConfig: { gateway: 'stripe'; publishableKey: string };
  readonly #stripe: Stripe;
  readonly #webhookSecret: string;

  constructor(options: StripeOptions) {
    this.browserConfig = { gateway: 'stripe', publishableKey: options.publishableKey };
    this.#webhookSecret = options.webhookSecret;
    this.#stripe = new Stripe(options.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      appInfo: { name: 'musio-english' },
      ...(options.host ? { host: options.host, port: options.port, protocol: options.protocol ?? 'https' } : {}),
    });
  }

  async createCustomer(input: { accountId: string; email: string; name: string }): Promise<string> {
    const customer = await this.#stripe.customers.create(
      { email: input.email, name: input.name, metadata: { account_id: input.accountId } },
      // One customer per account and details: a retry makes none twice, changed details a new one
      // (the same key with other parameters would be refused by Stripe for 24 hours).
      { idempotencyKey: `customer:${input.accountId}:${createHash('sha256').update(`${input.email}\n${input.name}`).digest('hex').slice(0, 16)}` },
    );
    return customer.id;
  }

  async attachCard(input: { customerId: string; paymentMethodId: string }): Promise<CardSummary> {
    try {
      // Bound to its owner: a card attached to another customer is refused here, before Stripe is
      // asked to attach it; one already attached to this customer is not attached twice.
      const found = await this.#stripe.paymentMethods.retrieve(input.paymentMethodId);
      const owner = typeof found.customer === 'string' ? found.customer : (found.customer?.id ?? null);
      if (owner && owner !== input.customerId) throw new CardError('payment_method_not_owned');
      const method = owner ? found : await this.#stripe.paymentMethods.attach(input.paymentMethodId, { customer: input.customerId });
      await this.#stripe.customers.update(input.customerId, { invoice_settings: { default_payment_method: method.id } });
      if (!method.card) throw new CardError('not_a_card');
      return { brand: method.card.brand, last4: method.card.last4, expMonth: method.card.exp_month, expYear: method.card.exp_year };
    } catch (error) {
      throw cardError(error);
    }
  }

  async createSetupIntent(input: { customerId: string; paymentMethodId: string; idempotencyKey: string; metadata: Record<string, string> }): Promise<Intent> {
    try {
      const intent = await this.#stripe.setupIntents.create(
        {
          customer: input.customerId,
          payment_method: input.paymentMethodId,
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          usage: 'off_session',
          confirm: true,
          metadata: input.metadata,
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return fromSetupIntent(intent);
    } catch (error) {
      return failedIntent(error, 'setup');
    }
  }

  async createPaymentIntent(input: PaymentIntentInput): Promise<Intent> {
    try {
      const intent = await this.#stripe.paymentIntents.create(
        {
          amount: input.amount,
          currency: 'jpy',
          customer: input.customerId,
          payment_method: input.paymentMethodId,
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          confirm: true,
          // The billing clock charges with nobody there: the bank may not ask for 3-D Secure, or the charge fails.
          ...(input.offSession ? { off_session: true } : {}),
          description: input.description,
          metadata: input.metadata,
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return fromPaymentIntent(intent);
    } catch (error) {
      return failedIntent(error, 'payment');
    }
  }

  async refund(input: { paymentIntentId: string; amount: number; idempotencyKey: string; metadata: Record<string, string> }): Promise<Refund> {
    try {
      const refund = await this.#stripe.refunds.create({ payment_intent: input.paymentIntentId, amount: input.amount, metadata: input.metadata }, { idempotencyKey: input.idempotencyKey });
      const status = refund.status === 'succeeded' ? 'succeeded' : refund.status === 'failed' || refund.status === 'canceled' ? 'failed' : 'pending';
      return { id: refund.id, status, amount: refund.amount, errorCode: refund.failure_reason ?? undefined };
    } catch (error) {
      throw cardError(error);
    }
  }

  async retrieveIntent(kind: 'setup' | 'payment', id: string): Promise<Intent> {
    return kind === 'setup' ? fromSetupIntent(await this.#stripe.setupIntents.retrieve(id)) : fromPaymentIntent(await this.#stripe.paymentIntents.retrieve(id));
  }

  parseWebhook(rawBody: string, signature: string | null) {
    return verifyWebhook(rawBody, signature, this.#webhookSecret);
  }
}

function methodId(method: string | Stripe.PaymentMethod | null): string {
  return typeof method === 'string' ? method : (method?.id ?? '');
}

/** A setup or payment intent in our words: the two differ only in the amount and where the last error sits. */
function fromIntent(kind: 'setup' | 'payment', intent: Stripe.SetupIntent | Stripe.PaymentIntent, amount: number | null, lastError: Parameters<typeof reasonOf>[0]): Intent {
  return {
    id: intent.id,
    kind,
    status: normalize(intent.status),
    clientSecret: intent.client_secret ?? '',
    paymentMethodId: methodId(intent.payment_method),
    amount,
    errorCode: reasonOf(lastError),
    metadata: intent.metadata ?? {},
  };
}

function fromSetupIntent(intent: Stripe.SetupIntent): Intent {
  return fromIntent('setup', intent, null, intent.last_setup_error);
}

function fromPaymentIntent(intent: Stripe.PaymentIntent): Intent {
  return fromIntent('payment', intent, intent.amount, intent.last_payment_error);
}

/**
 * Stripe's reason in our words: the issuer's decline code when there is one, and a failed 3-D Secure
 * (Stripe's payment_intent_ / setup_intent_authentication_failure) as authentication_failed, as the
 * local gateway says it and as the order service expects it.
 */
function reasonOf(error: { code?: string | undefined; decline_code?: string | undefined } | null | undefined): string | undefined {
  if (!error) return undefined;
  if (error.code === 'payment_intent_authentication_failure' || error.code === 'setup_intent_authentication_failure') return 'authentication_failed';
  return error.decline_code ?? error.code;
}

function normalize(status: string): IntentStatus {
  if (status === 'succeeded' || status === 'requires_action' || status === 'processing' || status === 'canceled') return status;
  return 'requires_payment_method';
}

/** A confirmation Stripe refused (a declined card) still names its intent: report it as failed. */
function failedIntent(error: unknown, kind: 'setup' | 'payment'): Intent {
  if (error instanceof Stripe.errors.StripeCardError) {
    const raw = error.raw as { setup_intent?: Stripe.SetupIntent; payment_intent?: Stripe.PaymentIntent };
    const intent = kind === 'setup' ? raw.setup_intent && fromSetupIntent(raw.setup_intent) : raw.payment_intent && fromPaymentIntent(raw.payment_intent);
    if (intent) return { ...intent, status: 'requires_payment_method', errorCode: error.decline_code ?? error.code ?? 'card_declined' };
  }
  throw cardError(error);
}

function cardError(error: unknown): Error {
  if (error instanceof CardError) return error;
  // Too many requests (Stripe allows 25 a second per endpoint in its sandbox, 100 live): ask again later.
  if (error instanceof Stripe.errors.StripeRateLimitError || (error instanceof Stripe.errors.StripeError && error.statusCode === 429)) {
    const after = Number(error.headers?.['retry-after']);
    return new RateLimitedError(Number.isFinite(after) && after > 0 ? after * 1000 : undefined);
  }
  if (error instanceof Stripe.errors.StripeCardError) return new CardError(error.decline_code ?? error.code ?? 'card_declined');
  // A payment method id Stripe does not know (made up, or from another account) is a refused card.
  if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') return new CardError('resource_missing');
  return error instanceof Error ? error : new Error(String(error));
}
