import * as v from 'valibot';
import type { RetrySummary } from './billing/contract.ts';

/** The holder's name as sent: full-width letters and spaces made half-width, single spaces, trimmed. */
export function normalizeHolderName(name: string): string {
  return name.normalize('NFKC').replace(/\s+/g, ' ').trim();
}

/** The holder's name in romaji, as printed on the card (after normalizeHolderName). */
export const CARD_HOLDER_NAME = /^[A-Za-z][A-Za-z .'-]*$/;

/** POST /api/v2/card: the payment provider's token for the card, and the holder's name as printed. */
export const saveCardSchema = v.object({
  token: v.pipe(v.string('cardRegistrationError'), v.regex(/^pm_[A-Za-z0-9_]{6,200}$/, 'cardRegistrationError')),
  name: v.pipe(
    v.string('thisFieldIsRequired'),
    v.transform(normalizeHolderName),
    v.nonEmpty('thisFieldIsRequired'),
    v.maxLength(100, 'tooLong'),
    v.regex(CARD_HOLDER_NAME, 'invalidRomanizedName'),
  ),
});

/** What the local gateway's card form sends (Stripe Elements collects this in Stripe mode). */
export const localCardSchema = v.object({
  number: v.pipe(v.string('thisFieldIsRequired'), v.regex(/^[\d ]{12,23}$/, 'cardRegistrationError')),
  exp_month: v.pipe(v.number('thisFieldIsRequired'), v.integer('cardRegistrationError'), v.minValue(1, 'cardRegistrationError'), v.maxValue(12, 'cardRegistrationError')),
  exp_year: v.pipe(v.number('thisFieldIsRequired'), v.integer('cardRegistrationError'), v.minValue(2000, 'cardRegistrationError'), v.maxValue(2100, 'cardRegistrationError')),
  cvc: v.pipe(v.string('thisFieldIsRequired'), v.regex(/^\d{3,4}$/, 'cardRegistrationError')),
});

/** The member's card as GET/POST /api/v2/card answer it: no number, only its last four digits. */
export interface StoredCard {
  card_name: string;
  /** The last four digits. */
  card_number: string;
  /** MM/YY */
  card_exp: string;
  /** visa, mastercard, amex, discover, jcb, diners, or another name the provider uses. */
  card_brand: string;
}

/** GET /api/v2/card: null before a card is saved. */
export interface CardReply {
  status: 'success';
  data: StoredCard | null;
}

/** POST /api/v2/card: the saved card, and what a new card did to charges past due (product decision 14). */
export interface SavedCardReply {
  status: 'success';
  data: StoredCard;
  billing?: RetrySummary;
}

/** POST /api/v2/local-gateway/intents/:id/authenticate (the local gateway's 3-D Secure page). */
export const localIntentParams = v.object({ id: v.pipe(v.string('notFound'), v.regex(/^(seti|pi)_local_[0-9a-f]{24}$/, 'notFound')) });
export const localAuthenticateSchema = v.object({ client_secret: v.pipe(v.string('badRequest'), v.maxLength(200, 'badRequest')), approve: v.boolean('badRequest') });

/** POST /api/v2/card/authenticate: authenticate the saved card (3-D Secure); again with the setup intent once confirmed. */
export const authenticateCardSchema = v.object({
  setup_intent_id: v.optional(v.pipe(v.string('badRequest'), v.regex(/^[A-Za-z0-9_]{3,255}$/, 'badRequest'))),
});

export type AuthenticateCardReply =
  | { status: 'success'; requires_action: true; client_secret: string; setup_intent_id: string; payment_method: string }
  | { status: 'success'; requires_action: false };
