import * as v from 'valibot';

/** POST /api/v2/card: the payment provider's token for the card, and the holder's name as printed. */
export const saveCardSchema = v.object({
  token: v.pipe(v.string('cardRegistrationError'), v.regex(/^pm_[A-Za-z0-9_]{6,200}$/, 'cardRegistrationError')),
  name: v.pipe(v.string('thisFieldIsRequired'), v.trim(), v.nonEmpty('thisFieldIsRequired'), v.maxLength(100, 'tooLong')),
});

/** What the local gateway's card form sends (Stripe Elements collects this in Stripe mode). */
export const localCardSchema = v.object({
  number: v.pipe(v.string('thisFieldIsRequired'), v.regex(/^[\d ]{12,23}$/, 'cardRegistrationError')),
  exp_month: v.pipe(v.number('thisFieldIsRequired'), v.integer('cardRegistrationError'), v.minValue(1, 'cardRegistrationError'), v.maxValue(12, 'cardRegistrationError')),
  exp_year: v.pipe(v.number('thisFieldIsRequired'), v.integer('cardRegistrationError'), v.minValue(2000, 'cardRegistrationError'), v.maxValue(2100, 'cardRegistrationError')),
  cvc: v.pipe(v.string('thisFieldIsRequired'), v.regex(/^\d{3,4}$/, 'cardRegistrationError')),
});
