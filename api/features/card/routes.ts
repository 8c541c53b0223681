import type { H3 } from 'h3';
import { saveCardSchema, type CardReply, type SavedCardReply } from '../../../src/domain/card-schemas.ts';
import type { AppContext } from '../../context.ts';
import { readBody } from '../../lib/validation.ts';
import { clientAddress } from '../../lib/request.ts';
import { requireSession } from '../auth/guard.ts';
import { retryPastDueCharges, summarizeRetry } from '../billing/service.ts';
import { findCardOf } from './queries.ts';
import { saveCard, toCard } from './service.ts';

export function registerCardRoutes(app: H3, ctx: AppContext): void {
  app.get('/api/v2/card', async (event): Promise<CardReply> => {
    const session = await requireSession(event, ctx);
    const card = await findCardOf(ctx.database.db, session.accountId);
    return { status: 'success', data: card ? toCard(card) : null };
  });

  app.post('/api/v2/card', async (event): Promise<SavedCardReply> => {
    const session = await requireSession(event, ctx);
    const input = await readBody(event, saveCardSchema);
    const card = toCard(await saveCard(ctx, session, input, { ip: clientAddress(event, ctx.config) }));
    // A new card pays what is past due at once (product decision 14); the member is here for 3-D Secure.
    const billing = await retryPastDueCharges(ctx, session.accountId);
    return { status: 'success', data: card, ...(billing.length ? { billing: summarizeRetry(billing) } : {}) };
  });
}
