import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { LocalGateway } from './local.ts';
import { StripeGateway } from './stripe.ts';
import type { PaymentGateway } from './types.ts';

/** Stripe when its keys are set; the local gateway otherwise, which refuses to run in production. */
export function createPaymentGateway(config: AppConfig, db: Database, deliver: (rawBody: string, signature: string) => Promise<void>): PaymentGateway {
  if (config.payments.kind === 'stripe') return new StripeGateway(config.payments);
  if (config.isProduction) throw new Error('The local payment gateway never runs in production: set the Stripe keys');
  return new LocalGateway({ db, webhookSecret: config.payments.webhookSecret, deliver, simulate: config.payments.simulate });
}

export type { PaymentGateway } from './types.ts';
export { CardError, RateLimitedError } from './types.ts';
