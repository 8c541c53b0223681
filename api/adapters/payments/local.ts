import { randomBytes, timingSafeEqual } from 'node:crypto';
import { cardBrand, isExpiryValid, isLuhnValid } from '../../../src/domain/cards.ts';
import type { Database } from '../../db/client.ts';
import {
  findIntent,
  findIntentByKey,
  findPaymentMethod,
  findRefundByKey,
  insertIntent,
  insertPaymentMethod,
  insertRefundOnce,
  refundedAmountOf,
  setPaymentMethodCustomer,
  settleIntent,
  takeLocalGatewayToken,
  type LocalIntentRow,
} from './queries.ts';
import { signWebhook, verifyWebhook } from './webhook-signature.ts';
import type { LocalGatewaySimulation } from '../../config.ts';
import { CardError, RateLimitedError, type Intent, type IntentStatus, type PaymentGateway, type PaymentIntentInput, type Refund } from './types.ts';

/**
 * The local payment gateway: a stand-in for Stripe in development and tests, refused in
 * production. It mirrors Stripe's test cards and its requires_action → confirm round trip, keeps
 * its own records (as Stripe would), stores only the last four digits, and signs its events
 * like Stripe does.
 */
type Behaviour = 'succeeds' | 'authenticate' | 'authenticate_setup' | 'declined' | 'charge_declined' | 'insufficient_funds';

/** Stripe's test cards, as documented by Stripe (any other valid number succeeds). */
const TEST_CARDS: Record<string, Behaviour> = {
  '4242424242424242': 'succeeds',
  // Authentication on every transaction, however the card was set up.
  '4000002760003184': 'authenticate',
  // Authentication at setup; later off-session charges go through.
  '4000002500003155': 'authenticate_setup',
  '4000000000000002': 'declined',
  // Attaching succeeds; every charge is declined.
  '4000000000000341': 'charge_declined',
  '4000000000009995': 'insufficient_funds',
};

const id = (prefix: string) => `${prefix}_local_${randomBytes(12).toString('hex')}`;

export interface NewPaymentMethod {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export class LocalGateway implements PaymentGateway {
  readonly kind = 'local' as const;
  readonly browserConfig = { gateway: 'local' as const };
  readonly #db: Database;
  readonly #webhookSecret: string;
  readonly #deliver: (rawBody: string, signature: string) => Promise<void>;
  readonly #simulate: LocalGatewaySimulation | undefined;

  constructor(options: { db: Database; webhookSecret: string; deliver: (rawBody: string, signature: string) => Promise<void>; simulate?: LocalGatewaySimulation }) {
    this.#db = options.db;
    this.#webhookSecret = options.webhookSecret;
    this.#deliver = options.deliver;
    this.#simulate = options.simulate;
  }

  /** What Stripe.js does in the browser: turns card details into a payment method id. */
  async createPaymentMethod(card: NewPaymentMethod): Promise<{ id: string; brand: string; last4: string }> {
    const number = card.number.replace(/\D/g, '');
    const brand = cardBrand(number);
    if (!brand || !isLuhnValid(number)) throw new CardError('incorrect_number');
    if (!isExpiryValid(card.expMonth, card.expYear)) throw new CardError('invalid_expiry');
    if (!/^\d{3,4}$/.test(card.cvc)) throw new CardError('incorrect_cvc');
    const method = { id: id('pm'), brand, last4: number.slice(-4), expMonth: card.expMonth, expYear: card.expYear, behaviour: TEST_CARDS[number] ?? 'succeeds' };
    await insertPaymentMethod(this.#db, method);
    return { id: method.id, brand, last4: method.last4 };
  }

  async createCustomer(): Promise<string> {
    return id('cus');
  }

  async attachCard(input: { customerId: string; paymentMethodId: string }) {
    const method = await this.#method(input.paymentMethodId);
    // Stripe checks the card when it is attached: the generic decline card fails here.
    // A card saved by one member is bound to that member's customer: never moved to another.
    if (method.customerId && method.customerId !== input.customerId) throw new CardError('payment_method_not_owned');
    if (method.behaviour === 'declined') throw new CardError('card_declined');
    await setPaymentMethodCustomer(this.#db, method.id, input.customerId);
    return { brand: method.brand, last4: method.last4, expMonth: method.expMonth, expYear: method.expYear };
  }

  createSetupIntent(input: { customerId: string; paymentMethodId: string; idempotencyKey: string; metadata: Record<string, string> }): Promise<Intent> {
    return this.#createIntent('setup', { ...input, amount: null, offSession: false });
  }

  async createPaymentIntent(input: Omit<PaymentIntentInput, 'description'>): Promise<Intent> {
    await this.#busy();
    return this.#createIntent('payment', { ...input, offSession: input.offSession ?? false });
  }

  /** Refunds part or all of a succeeded payment; like Stripe, never more than is left of it. */
  async refund(input: { paymentIntentId: string; amount: number; idempotencyKey: string }): Promise<Refund> {
    await this.#busy();
    const existing = await findRefundByKey(this.#db, input.idempotencyKey);
    if (existing) return { id: existing.id, status: existing.status as Refund['status'], amount: existing.amount };
    const intent = await findIntent(this.#db, input.paymentIntentId);
    if (!intent || intent.kind !== 'payment' || intent.status !== 'succeeded') throw new CardError('charge_not_refundable');
    const left = (intent.amount ?? 0) - (await refundedAmountOf(this.#db, intent.id));
    if (input.amount <= 0 || input.amount > left) throw new CardError('amount_too_large');
    const refund = await insertRefundOnce(this.#db, { id: id('re'), paymentIntentId: intent.id, amount: input.amount, idempotencyKey: input.idempotencyKey, status: 'succeeded' });
    return { id: refund.id, status: refund.status as Refund['status'], amount: refund.amount };
  }

  async retrieveIntent(_kind: 'setup' | 'payment', intentId: string): Promise<Intent> {
    const row = await findIntent(this.#db, intentId);
    if (!row) throw new CardError('resource_missing');
    return toIntent(row);
  }

  parseWebhook(rawBody: string, signature: string | null) {
    return verifyWebhook(rawBody, signature, this.#webhookSecret);
  }

  /**
   * The bank's page, in miniature: the browser's authentication dialog approves or fails an
   * intent that requires action; the result is then sent as a signed event to the webhook.
   */
  async authenticate(intentId: string, clientSecret: string, approve: boolean): Promise<Intent> {
    const row = await findIntent(this.#db, intentId);
    if (!row || !sameSecret(row.clientSecret, clientSecret)) throw new CardError('resource_missing');
    if (row.status !== 'requires_action') return toIntent(row);
    const method = await this.#method(row.paymentMethodId);
    // After authentication a payment can still fail for lack of funds, as with Stripe's cards.
    const failure = !approve ? 'authentication_failed' : row.kind === 'payment' && method.behaviour === 'insufficient_funds' ? 'insufficient_funds' : null;
    const status: IntentStatus = failure ? 'requires_payment_method' : 'succeeded';
    const updated = await settleIntent(this.#db, intentId, { status, lastError: failure });
    const intent = toIntent(updated!);
    await this.#emit(intent);
    return intent;
  }

  async #createIntent(
    kind: 'setup' | 'payment',
    input: { customerId: string; paymentMethodId: string; amount: number | null; idempotencyKey: string; metadata: Record<string, string>; offSession: boolean },
  ): Promise<Intent> {
    // The common case is a new key: insert first and look for an earlier intent only on a conflict.
    const method = await findPaymentMethod(this.#db, input.paymentMethodId);
    if (!method) {
      const existing = await findIntentByKey(this.#db, input.idempotencyKey);
      if (existing) return toIntent(existing);
      throw new CardError('resource_missing');
    }
    const outcome = intentOutcome(kind, method.behaviour as Behaviour, input.offSession);
    const intentId = id(kind === 'setup' ? 'seti' : 'pi');
    const row = await insertIntent(this.#db, {
      id: intentId,
      kind,
      idempotencyKey: input.idempotencyKey,
      customerId: input.customerId,
      paymentMethodId: input.paymentMethodId,
      amount: input.amount,
      status: outcome.status,
      lastError: outcome.error,
      metadata: input.metadata,
      clientSecret: `${intentId}_secret_${randomBytes(12).toString('hex')}`,
    });
    // Two requests with the same key at once: the second answers with the first one's intent.
    if (!row) return this.#existing(input.idempotencyKey);
    return toIntent(row);
  }

  /**
   * A busy Stripe, when configured (LOCAL_GATEWAY_*): a request over its rate, or one of the random
   * share, is answered 429 (nothing recorded, as Stripe keeps no idempotent result of a 429); every
   * answer takes the latency.
   */
  async #busy(): Promise<void> {
    const simulate = this.#simulate;
    if (!simulate) return;
    const limited = (simulate.ratePerSecond !== null && !(await takeLocalGatewayToken(this.#db, simulate.ratePerSecond))) || Math.random() < simulate.rateLimitedShare;
    if (simulate.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, simulate.latencyMs));
    if (limited) throw new RateLimitedError();
  }

  async #existing(idempotencyKey: string): Promise<Intent> {
    return toIntent((await findIntentByKey(this.#db, idempotencyKey))!);
  }

  async #method(paymentMethodId: string) {
    const method = await findPaymentMethod(this.#db, paymentMethodId);
    if (!method) throw new CardError('resource_missing');
    return method;
  }

  async #emit(intent: Intent): Promise<void> {
    const object = intent.kind === 'setup' ? 'setup_intent' : 'payment_intent';
    const outcome = intent.status === 'succeeded' ? 'succeeded' : intent.kind === 'setup' ? 'setup_failed' : 'payment_failed';
    const payload = JSON.stringify({
      id: id('evt'),
      object: 'event',
      type: `${object}.${outcome}`,
      data: { object: { id: intent.id, object, status: intent.status, metadata: intent.metadata ?? {} } },
    });
    await this.#deliver(payload, signWebhook(payload, this.#webhookSecret));
  }
}

/** What Stripe does with each test card, for a setup or a payment, with the member there or not. */
function intentOutcome(kind: 'setup' | 'payment', behaviour: Behaviour, offSession: boolean): { status: IntentStatus; error: string | null } {
  const authenticate = behaviour === 'authenticate' || (behaviour === 'authenticate_setup' && kind === 'setup');
  if (authenticate) {
    // Off session nobody can answer the bank: the charge fails and the member must come back.
    return offSession ? { status: 'requires_payment_method', error: 'authentication_required' } : { status: 'requires_action', error: null };
  }
  if (behaviour === 'declined') return { status: 'requires_payment_method', error: 'card_declined' };
  if (kind === 'payment' && behaviour === 'charge_declined') return { status: 'requires_payment_method', error: 'card_declined' };
  if (kind === 'payment' && behaviour === 'insufficient_funds') return { status: 'requires_payment_method', error: 'insufficient_funds' };
  return { status: 'succeeded', error: null };
}

function toIntent(row: LocalIntentRow): Intent {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status as IntentStatus,
    clientSecret: row.clientSecret,
    paymentMethodId: row.paymentMethodId,
    amount: row.amount,
    errorCode: row.lastError ?? undefined,
    metadata: row.metadata,
  };
}

function sameSecret(stored: string, presented: string): boolean {
  const a = Buffer.from(stored);
  const b = Buffer.from(presented);
  return a.length === b.length && timingSafeEqual(a, b);
}
