/** Card brands the product accepts or shows (spec: Visa, MasterCard, Discover, JCB, Diners Club, American Express). */
export const cardBrands = ['visa', 'mastercard', 'amex', 'discover', 'jcb', 'diners'] as const;
export type CardBrand = (typeof cardBrands)[number];

/** The brand a number belongs to, from its leading digits (IIN ranges). */
export function cardBrand(number: string): CardBrand | undefined {
  const digits = number.replace(/\D/g, '');
  const prefix = (n: number) => Number(digits.slice(0, n));
  if (digits.startsWith('4')) return 'visa';
  if ((prefix(2) >= 51 && prefix(2) <= 55) || (prefix(4) >= 2221 && prefix(4) <= 2720)) return 'mastercard';
  if (digits.startsWith('34') || digits.startsWith('37')) return 'amex';
  if (digits.startsWith('6011') || digits.startsWith('65') || (prefix(3) >= 644 && prefix(3) <= 649)) return 'discover';
  if (prefix(4) >= 3528 && prefix(4) <= 3589) return 'jcb';
  if (digits.startsWith('36') || digits.startsWith('38') || (prefix(3) >= 300 && prefix(3) <= 305)) return 'diners';
  return undefined;
}

/** The Luhn check every card number passes. */
export function isLuhnValid(number: string): boolean {
  const digits = number.replace(/\D/g, '');
  if (digits.length < 12 || digits.length > 19) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Whether an expiry (month 1–12, four-digit year) is this month or later. */
export function isExpiryValid(month: number, year: number, now: Date = new Date()): boolean {
  if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(year)) return false;
  return year > now.getFullYear() || (year === now.getFullYear() && month >= now.getMonth() + 1);
}

/** 「12/28」 */
export function formatExpiry(month: number, year: number): string {
  return `${String(month).padStart(2, '0')}/${String(year % 100).padStart(2, '0')}`;
}
