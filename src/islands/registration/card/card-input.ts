import { CARD_HOLDER_NAME, normalizeHolderName } from '../../../domain/card-schemas.ts';
import { cardBrand, isExpiryValid, isLuhnValid, type CardBrand } from '../../../domain/cards.ts';
import { t, tf } from '../../../i18n/ja.ts';
import type { LocalCard } from '../../../lib/payments/browser-payments.ts';

/**
 * The card form's rules, kept apart from the components so they can be tested as a table:
 * how the number and expiry are shown while typed, when each part is complete, what is wrong.
 */

/** What the local card form holds, as typed (Stripe Elements keeps number, expiry and code itself). */
export interface CardFormValues {
  number: string;
  expiry: string;
  cvc: string;
  name: string;
}

export type CardPart = 'number' | 'expiry' | 'cvc' | 'name';

/** Whether each part is complete, and what is wrong with each (a Japanese text), if anything. */
export interface CardCheck {
  complete: Record<CardPart, boolean>;
  issues: Partial<Record<CardPart, string>>;
}

// Lengths each brand issues; a number of another length is not complete.
const numberLengths: Record<CardBrand, readonly number[]> = {
  visa: [13, 16, 19],
  mastercard: [16],
  amex: [15],
  discover: [16, 17, 18, 19],
  jcb: [16, 17, 18, 19],
  diners: [14, 15, 16, 17, 18, 19],
};
const MAX_DIGITS = 19;
/** Digits typed before the brand shows when a number belongs to no brand the product accepts. */
const BRAND_KNOWN_AFTER = 6;

export function digitsOf(text: string): string {
  return text.normalize('NFKC').replace(/\D/g, '');
}

/** American Express has a four-digit code on its front; every other brand three on the back. */
export function cvcLength(brand: CardBrand | undefined): 3 | 4 {
  return brand === 'amex' ? 4 : 3;
}

/** 「4242 4242 4242 4242」, and American Express as printed: 「3782 822463 10005」. */
export function formatCardNumber(input: string): string {
  const digits = digitsOf(input);
  const brand = cardBrand(digits);
  const kept = digits.slice(0, brand ? Math.max(...numberLengths[brand]) : MAX_DIGITS);
  const groups = brand === 'amex' ? [4, 6, 5] : [4, 4, 4, 4, 3];
  const parts: string[] = [];
  let at = 0;
  for (const size of groups) {
    if (at >= kept.length) break;
    parts.push(kept.slice(at, at + size));
    at += size;
  }
  return parts.join(' ');
}

/** 「12/28」 as typed: the slash comes with the third digit; an autofilled 「4/2028」 becomes 「04/28」. */
export function formatExpiryInput(input: string): string {
  const text = input.normalize('NFKC');
  const filled = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (filled) return `${filled[1]!.padStart(2, '0')}/${filled[2]!.slice(-2)}`;
  const digits = digitsOf(text).slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** The month and four-digit year of a complete 「MM/YY」, or undefined. */
export function parseExpiry(value: string): { month: number; year: number } | undefined {
  const match = /^(\d{2})\/(\d{2})$/.exec(value);
  if (!match) return undefined;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return undefined;
  return { month, year: 2000 + Number(match[2]) };
}

/**
 * Where the caret goes after reformatting: just after the same number of digits as before, so
 * typing or deleting in the middle of 「4242 4242」 does not throw the caret to the end.
 */
export function caretAfterDigits(formatted: string, digits: number): number {
  if (digits <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < formatted.length; i += 1) {
    if (/\d/.test(formatted[i]!)) seen += 1;
    if (seen === digits) return i + 1;
  }
  return formatted.length;
}


function checkName(name: string): { complete: boolean; issue?: string } {
  const normalized = normalizeHolderName(name);
  if (!normalized) return { complete: false, issue: t('thisFieldIsRequired') };
  if (!CARD_HOLDER_NAME.test(normalized)) return { complete: false, issue: t('invalidRomanizedName') };
  return { complete: true };
}

/** Checks the local form's values; `now` decides whether the expiry has passed. */
export function checkLocalCard(values: CardFormValues, now: Date = new Date()): CardCheck {
  const digits = digitsOf(values.number);
  const brand = cardBrand(digits);
  const issues: CardCheck['issues'] = {};

  const isNumberComplete = brand !== undefined && numberLengths[brand].includes(digits.length) && isLuhnValid(digits);
  if (!isNumberComplete) issues.number = t(!brand && digits.length >= BRAND_KNOWN_AFTER ? 'card.error.brand' : 'card.error.number');

  const expiry = parseExpiry(values.expiry);
  const isExpiryComplete = expiry !== undefined && isExpiryValid(expiry.month, expiry.year, now);
  if (!isExpiryComplete) issues.expiry = t(expiry ? 'card.error.expired' : 'card.error.expiry');

  const cvcDigits = cvcLength(brand);
  const isCvcComplete = new RegExp(`^\\d{${cvcDigits}}$`).test(values.cvc);
  if (!isCvcComplete) issues.cvc = tf('card.error.cvc', { digits: cvcDigits });

  const name = checkName(values.name);
  if (name.issue) issues.name = name.issue;

  return { complete: { number: isNumberComplete, expiry: isExpiryComplete, cvc: isCvcComplete, name: name.complete }, issues };
}

/** Stripe mode: Elements says whether number, expiry and code are complete; the name is ours. */
export function checkStripeCard(elementComplete: boolean, name: string): CardCheck {
  const checked = checkName(name);
  return {
    complete: { number: elementComplete, expiry: elementComplete, cvc: elementComplete, name: checked.complete },
    issues: checked.issue ? { name: checked.issue } : {},
  };
}

/** Spec §5 (card dialog): Save only when number, expiry and code are complete and the name is given. */
export function canSaveCard({ complete }: CardCheck): boolean {
  return complete.number && complete.expiry && complete.cvc && complete.name;
}

/** What the local gateway tokenises; call only with values whose check is complete. */
export function toLocalCard(values: CardFormValues): LocalCard {
  const expiry = parseExpiry(values.expiry);
  if (!expiry) throw new Error('the expiry is not complete');
  return { number: digitsOf(values.number), expMonth: expiry.month, expYear: expiry.year, cvc: values.cvc };
}

/**
 * Stripe Elements' validation codes (invalid_number, incomplete_expiry, invalid_expiry_year_past,
 * incomplete_cvc …) as our own texts, so both modes say the same thing in the same words.
 */
export function stripeIssue(code: string, brand: CardBrand | undefined): string {
  if (code.includes('number')) return t('card.error.number');
  if (code.includes('past')) return t('card.error.expired');
  if (code.includes('expiry')) return t('card.error.expiry');
  if (code.includes('cvc')) return tf('card.error.cvc', { digits: cvcLength(brand) });
  return t('cardRegistrationError');
}
