import Stripe from 'stripe';
import type { GatewayEvent } from './types.ts';

/**
 * Webhook signatures as Stripe makes them (`t=…,v1=HMAC-SHA256`), verified with Stripe's own
 * code for both gateways, so the local gateway's events travel exactly like Stripe's.
 */
const offline = new Stripe('sk_test_offline_signature_only');

export function verifyWebhook(rawBody: string, signature: string | null, secret: string): GatewayEvent {
  const event = offline.webhooks.constructEvent(rawBody, signature ?? '', secret);
  // Signed, but possibly incomplete: the webhook checks the fields it reads (src/domain/payment-events.ts).
  const object = (event.data as { object?: unknown } | undefined)?.object as GatewayEvent['object'];
  return { id: event.id, type: event.type, object };
}

export function signWebhook(payload: string, secret: string): string {
  return offline.webhooks.generateTestHeaderString({ payload, secret });
}
