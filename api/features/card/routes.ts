import { eq } from 'drizzle-orm';
import type { H3 } from 'h3';
import { saveCardSchema } from '../../../src/domain/card-schemas.ts';
import { formatExpiry } from '../../../src/domain/cards.ts';
import { CardError } from '../../adapters/payments/index.ts';
import type { AppContext } from '../../context.ts';
import { cards } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { readValidatedInput } from '../../lib/input.ts';
import { requireSession } from '../auth/guard.ts';
import { findCardOf, findSelectedAddress } from '../orders/queries.ts';

type CardRow = typeof cards.$inferSelect;

/** The spec's card shape: the holder's name, the last four digits, MM/YY, the brand. */
function toCard(card: CardRow) {
  return { card_name: card.holderName, card_number: card.last4, card_exp: formatExpiry(card.expMonth, card.expYear), card_brand: card.brand };
}

export function registerCardRoutes(app: H3, ctx: AppContext): void {
  app.get('/api/v2/card', async (event) => {
    const session = await requireSession(event, ctx);
    const card = await findCardOf(ctx.database.db, session.accountId);
    return { status: 'success', data: card ? toCard(card) : null };
  });

  /** Saves the card the browser tokenised with the payment provider; the number never comes here. */
  app.post('/api/v2/card', async (event) => {
    const session = await requireSession(event, ctx);
    const input = await readValidatedInput(event, saveCardSchema);
    const { db } = ctx.database;
    if (!(await findSelectedAddress(db, session.accountId))) throw new AppError('addressRequired');
    const existing = await findCardOf(db, session.accountId);
    try {
      const customerId =
        existing?.gateway === ctx.payments.kind
          ? existing.customerId
          : await ctx.payments.createCustomer({ accountId: session.accountId, email: session.email, name: session.name });
      const summary = await ctx.payments.attachCard({ customerId, paymentMethodId: input.token });
      const row = {
        accountId: session.accountId,
        gateway: ctx.payments.kind,
        customerId,
        paymentMethodId: input.token,
        brand: summary.brand,
        last4: summary.last4,
        expMonth: summary.expMonth,
        expYear: summary.expYear,
        holderName: input.name,
        updatedAt: new Date(),
      };
      await db.insert(cards).values(row).onConflictDoUpdate({ target: cards.accountId, set: row });
      const [saved] = await db.select().from(cards).where(eq(cards.accountId, session.accountId));
      ctx.logger.info('card saved', { accountId: session.accountId, brand: summary.brand });
      return { status: 'success', data: toCard(saved!) };
    } catch (error) {
      if (error instanceof CardError) {
        ctx.logger.warn('card refused', { accountId: session.accountId, code: error.code });
        throw new AppError('cardRegistrationError', { cause: error });
      }
      throw error;
    }
  });
}
