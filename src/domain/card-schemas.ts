import * as v from 'valibot';

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

/** POST /api/v2/card/authenticate: authenticate the saved card (3-D Secure); again with the setup intent once confirmed. */
export const authenticateCardSchema = v.object({
  setup_intent_id: v.optional(v.pipe(v.string('badRequest'), v.regex(/^[A-Za-z0-9_]{3,255}$/, 'badRequest'))),
});

export type AuthenticateCardReply =
  | { status: 'success'; requires_action: true; client_secret: string; setup_intent_id: string; payment_method: string }
  | { status: 'success'; requires_action: false };
