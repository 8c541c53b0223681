import type { CardBrand } from '../../../src/domain/cards.ts';

/**
 * What the product needs from a payment gateway. Two implementations: Stripe, and a local
 * gateway that mirrors Stripe's test cards for development and tests.
 */
export type IntentStatus = 'succeeded' | 'requires_action' | 'requires_payment_method' | 'processing' | 'canceled';

export interface Intent {
  id: string;
  kind: 'setup' | 'payment';
  status: IntentStatus;
  clientSecret: string;
  paymentMethodId: string;
  amount: number | null;
  /** Why the last attempt failed: card_declined, insufficient_funds, authentication_failed … */
  errorCode?: string | undefined;
  /** What we attached when creating it (order_id, charge_id …). */
  metadata?: Record<string, string> | undefined;
}

export interface Refund {
  id: string;
  status: 'succeeded' | 'pending' | 'failed';
  amount: number;
  errorCode?: string | undefined;
}

export interface CardSummary {
  brand: CardBrand | string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export interface GatewayEvent {
  id: string;
  type: string;
  object: { id: string; object: string; status?: string; metadata?: Record<string, string> };
}

/** A card the gateway refused, with the gateway's reason. */
export class CardError extends Error {
  override name = 'CardError';
  readonly code: string;
  constructor(code: string) {
    super(`card refused: ${code}`);
    this.code = code;
  }
}

/**
 * The gateway asks us to slow down (HTTP 429): not an answer about the card. The same request is
 * asked again later with the same idempotency key (product decision 29).
 */
export class RateLimitedError extends Error {
  override name = 'RateLimitedError';
  /** How long the gateway asked us to wait, when it said. */
  readonly retryAfterMs: number | undefined;
  constructor(retryAfterMs?: number) {
    super('payment gateway: rate limited (429)');
    this.retryAfterMs = retryAfterMs;
  }
}

export interface PaymentGateway {
  kind: 'stripe' | 'local';
  /** What the browser needs to collect a card and confirm an intent. */
  browserConfig: { gateway: 'stripe'; publishableKey: string } | { gateway: 'local' };
  createCustomer(input: { accountId: string; email: string; name: string }): Promise<string>;
  /** Attaches a payment method (from the browser) to the customer; throws CardError when refused. */
  attachCard(input: { customerId: string; paymentMethodId: string }): Promise<CardSummary>;
  /** Saves and authenticates the card for later charges (3-D Secure when the bank asks). */
  createSetupIntent(input: { customerId: string; paymentMethodId: string; idempotencyKey: string; metadata: Record<string, string> }): Promise<Intent>;
  /**
   * Charges now, in yen. `offSession`: the member is not there (the billing clock); a bank that asks
   * for authentication then fails the charge with `authentication_required` instead of waiting.
   */
  createPaymentIntent(input: PaymentIntentInput): Promise<Intent>;
  /** Gives money back on a succeeded payment (all or part of it). */
  refund(input: { paymentIntentId: string; amount: number; idempotencyKey: string; metadata: Record<string, string> }): Promise<Refund>;
  retrieveIntent(kind: 'setup' | 'payment', id: string): Promise<Intent>;
  /** Verifies a webhook's signature on the raw body; throws when it does not match. */
  parseWebhook(rawBody: string, signature: string | null): GatewayEvent;
}

/** What a payment intent is created with (see PaymentGateway.createPaymentIntent). */
export interface PaymentIntentInput {
  customerId: string;
  paymentMethodId: string;
  amount: number;
  description: string;
  idempotencyKey: string;
  metadata: Record<string, string>;
  offSession?: boolean;
}
