import type { H3 } from 'h3';
import { authenticateCardSchema, type AuthenticateCardReply } from '../../../src/domain/card-schemas.ts';
import { paymentFailureKey } from '../../../src/domain/payment-failures.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { readBody } from '../../lib/validation.ts';
import { requireSession } from '../auth/guard.ts';
import { findCardOf } from './queries.ts';

/**
 * A card changed on My Page is authenticated for the charges to come, as registration does
 * (product decision 7): a setup with 3-D Secure when the bank asks, through the same loop as the
 * order (reply requires_action, the browser confirms, posts again with setup_intent_id).
 */
export function registerCardAuthenticationRoutes(app: H3, ctx: AppContext): void {
  app.post('/api/v2/card/authenticate', async (event): Promise<AuthenticateCardReply> => {
    const session = await requireSession(event, ctx);
    const input = await readBody(event, authenticateCardSchema);
    const card = await findCardOf(ctx.database.db, session.accountId);
    if (!card) throw new AppError('cardRequired');
    const intent = input.setup_intent_id
      ? await ctx.payments.retrieveIntent('setup', input.setup_intent_id).catch(() => undefined)
      : await ctx.payments.createSetupIntent({
          customerId: card.customerId,
          paymentMethodId: card.paymentMethodId,
          // One setup per saved card: a double click continues it instead of asking the bank twice.
          idempotencyKey: `card:${card.accountId}:${card.paymentMethodId}:${card.updatedAt.getTime()}:setup`,
          metadata: { account_id: card.accountId },
        });
    // Only the setup of the member's own current card: anyone else's intent is as unknown as a missing one.
    if (!intent || intent.kind !== 'setup' || intent.paymentMethodId !== card.paymentMethodId) throw new AppError('notFound');
    if (intent.status === 'succeeded') return { status: 'success', requires_action: false };
    if (intent.status === 'requires_action' || intent.status === 'processing') {
      return { status: 'success', requires_action: true, client_secret: intent.clientSecret, setup_intent_id: intent.id, payment_method: intent.paymentMethodId };
    }
    ctx.logger.warn('card authentication failed', { accountId: session.accountId, code: intent.errorCode });
    throw new AppError(paymentFailureKey(intent.errorCode ?? 'authentication_failed'));
  });
}
