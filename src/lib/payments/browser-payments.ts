import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { atom } from 'nanostores';
import { api } from '../api.ts';

/**
 * The browser's side of payments: Stripe.js when the server uses Stripe (loaded only then: it is
 * large), otherwise the local gateway, whose 3-D Secure stand-in is a small dialog.
 */
export type BrowserPayments = { kind: 'local' } | { kind: 'stripe'; stripe: Stripe };

let loading: Promise<BrowserPayments> | undefined;

export function loadPayments(): Promise<BrowserPayments> {
  loading ??= api<{ data: { gateway: 'local' } | { gateway: 'stripe'; publishableKey: string } }>('/v2/payments/config').then(async ({ data }) => {
    if (data.gateway === 'local') return { kind: 'local' };
    const { loadStripe } = await import('@stripe/stripe-js');
    const stripe = await loadStripe(data.publishableKey, { locale: 'ja' });
    if (!stripe) throw new Error('Stripe.js could not be loaded');
    return { kind: 'stripe', stripe };
  });
  // A failed load (offline for a moment) is tried again at the next call, not kept.
  loading.catch(() => (loading = undefined));
  return loading;
}

/** Card details as the local card form collects them (Stripe Elements keeps them in its iframe). */
export interface LocalCard {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/** Turns the card into the provider's token: the number goes to the provider, never to our API. */
export async function tokenizeCard(payments: BrowserPayments, card: { local?: LocalCard; element?: StripeCardElement; name: string }): Promise<string> {
  if (payments.kind === 'stripe') {
    if (!card.element) throw new Error('no card element');
    const result = await payments.stripe.createPaymentMethod({ type: 'card', card: card.element, billing_details: { name: card.name } });
    if (result.error || !result.paymentMethod) throw new Error(result.error?.code ?? 'card_error');
    return result.paymentMethod.id;
  }
  if (!card.local) throw new Error('no card details');
  const reply = await api<{ data: { id: string } }>('/v2/local-gateway/payment-methods', {
    method: 'POST',
    body: { number: card.local.number, exp_month: card.local.expMonth, exp_year: card.local.expYear, cvc: card.local.cvc },
  });
  return reply.data.id;
}

export interface Challenge {
  intentId: string;
  clientSecret: string;
  isSetup: boolean;
}

/** The local bank's question on screen, and how the customer answered it. */
export const $challenge = atom<(Challenge & { answer: (approve: boolean) => void }) | null>(null);

/** Lets the customer authenticate (3-D Secure); resolves once the provider has the answer. */
export async function confirmIntent(payments: BrowserPayments, challenge: Challenge): Promise<void> {
  if (payments.kind === 'stripe') {
    const result = challenge.isSetup ? await payments.stripe.confirmCardSetup(challenge.clientSecret) : await payments.stripe.confirmCardPayment(challenge.clientSecret);
    // A failed authentication is reported by the server when the order is posted again.
    void result;
    return;
  }
  const approve = await new Promise<boolean>((answer) => $challenge.set({ ...challenge, answer }));
  $challenge.set(null);
  await api(`/v2/local-gateway/intents/${challenge.intentId}/authenticate`, { method: 'POST', body: { client_secret: challenge.clientSecret, approve } });
}
