import type { H3 } from 'h3';
import { localAuthenticateSchema, localCardSchema, localIntentParams } from '../../../src/domain/card-schemas.ts';
import { CardError } from '../../adapters/payments/index.ts';
import { LocalGateway } from '../../adapters/payments/local.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { readBody, readParams } from '../../lib/validation.ts';
import { processPaymentEvent } from './webhook.ts';


export function registerPaymentRoutes(app: H3, ctx: AppContext): void {
  /** Which gateway the browser talks to (Stripe needs its publishable key). */
  app.get('/api/v2/payments/config', () => ({ status: 'success', data: ctx.payments.browserConfig }));

  app.post('/api/v2/payments/webhook', async (event) => {
    const rawBody = await event.req.text();
    const outcome = await processPaymentEvent(ctx, rawBody, event.req.headers.get('stripe-signature'));
    return { status: 'success', outcome };
  });

  const gateway = ctx.payments;
  if (!(gateway instanceof LocalGateway)) return;
  // The local gateway's own endpoints: what Stripe.js and the bank's 3-D Secure page do.
  app.post('/api/v2/local-gateway/payment-methods', async (event) => {
    const input = await readBody(event, localCardSchema);
    try {
      const method = await gateway.createPaymentMethod({ number: input.number, expMonth: input.exp_month, expYear: input.exp_year, cvc: input.cvc });
      return { status: 'success', data: method };
    } catch (error) {
      if (error instanceof CardError) throw new AppError('cardRegistrationError', { cause: error });
      throw error;
    }
  });

  app.post('/api/v2/local-gateway/intents/:id/authenticate', async (event) => {
    const { id } = await readParams(event, localIntentParams);
    const input = await readBody(event, localAuthenticateSchema);
    try {
      const intent = await gateway.authenticate(id, input.client_secret, input.approve);
      return { status: 'success', data: { id: intent.id, status: intent.status } };
    } catch (error) {
      if (error instanceof CardError) throw new AppError('notFound', { cause: error });
      throw error;
    }
  });
}
