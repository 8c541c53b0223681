import type { StoredCard } from '../../../src/domain/card-schemas.ts';
import { formatExpiry } from '../../../src/domain/cards.ts';
import { CardError } from '../../adapters/payments/index.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { enforceRateLimit, rateLimitRules } from '../../lib/rate-limit.ts';
import { findSelectedAddress } from '../addresses/service.ts';
import { findCardOf, upsertCard, type CardRow } from './queries.ts';

/** Reads and writes other features may use (a feature's queries.ts is its own: lint enforces it). */
export { findCardOf, findCustomerIdOf } from './queries.ts';

/** The member a card belongs to. */
export interface CardOwner {
  accountId: string;
  email: string;
  name: string;
}

/** The spec's card shape: the holder's name, the last four digits, MM/YY, the brand. */
export function toCard(card: CardRow): StoredCard {
  return { card_name: card.holderName, card_number: card.last4, card_exp: formatExpiry(card.expMonth, card.expYear), card_brand: card.brand };
}

/**
 * Saves the card the browser tokenised with the payment provider (the number never comes here):
 * attached to the member's customer at the provider, which checks it, then kept as the member's
 * one card. Needs a selected address (the card is edited after the address, spec §2). A payment
 * method already attached to another customer is refused by the gateway adapter (its owner's card).
 */
export async function saveCard(ctx: AppContext, owner: CardOwner, input: { token: string; name: string }, from: { ip?: string } = {}): Promise<CardRow> {
  const { db } = ctx.database;
  if (!(await findSelectedAddress(db, owner.accountId))) throw new AppError('addressRequired');
  // Every attempt that would reach the gateway counts, per member and per address (card testing).
  await enforceRateLimit(db, `card:account:${owner.accountId}`, rateLimitRules.cardSavePerAccount);
  if (from.ip) await enforceRateLimit(db, `card:ip:${from.ip}`, rateLimitRules.cardSavePerIp);
  const existing = await findCardOf(db, owner.accountId);
  try {
    const customerId =
      existing?.gateway === ctx.payments.kind ? existing.customerId : await ctx.payments.createCustomer({ accountId: owner.accountId, email: owner.email, name: owner.name });
    const summary = await ctx.payments.attachCard({ customerId, paymentMethodId: input.token });
    const row = {
      accountId: owner.accountId,
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
    const saved = await upsertCard(db, row);
    ctx.logger.info('card saved', { accountId: owner.accountId, brand: summary.brand });
    return saved;
  } catch (error) {
    if (error instanceof CardError) {
      ctx.logger.warn('card refused', { accountId: owner.accountId, code: error.code });
      throw new AppError('cardRegistrationError', { cause: error });
    }
    throw error;
  }
}
