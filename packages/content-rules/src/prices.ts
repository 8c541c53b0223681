/**
 * Product decision 6 (../shared/spec/decisions.md): marketing copy never holds a price as text.
 * Prices live only in the plan catalogue and are drawn from plan option ids, so the price shown is
 * the price charged. Matches "3,500円", "¥3500", "３５００円", "1万円", "3500 yen" and similar.
 */
export const PRICE_TEXT_PATTERN = /[¥￥]\s*[0-9０-９]|[0-9０-９][0-9０-９,，.．]*\s*(?:万\s*)?円|[0-9０-９][0-9０-９,，]*\s*(?:yen|jpy)\b/i;

/** The round-trip shipping fee charged on cancellation (terms of use, spec §cancellation). */
export const SHIPPING_FEE_TEXT = '2,600円（税込）';
/** The ESAT-J tablet charge on cancellation during the free trial. */
export const TABLET_FEE_TEXT = '11,583円（税込）';

/**
 * The only amounts copy may spell out, written exactly like this: the fixed fees of the terms.
 * They are not plan prices. Legal pages are exempt from the rule altogether.
 */
export const KNOWN_FEE_TEXTS = [SHIPPING_FEE_TEXT, TABLET_FEE_TEXT] as const;

/** The text with the allowed fixed-fee mentions removed, ready for PRICE_TEXT_PATTERN. */
export function withoutKnownFees(text: string): string {
  return KNOWN_FEE_TEXTS.reduce((rest, fee) => rest.split(fee).join(''), text);
}

/** Whether a copy string writes an amount other than the known fees. */
export function hasPriceText(text: string): boolean {
  return PRICE_TEXT_PATTERN.test(withoutKnownFees(text));
}

/** Tax-included price of a before-tax amount (10 %, rounded), e.g. the campaign mask 1500 → 1650. */
export function taxIncluded(priceBeforeTax: number): number {
  return Math.round(priceBeforeTax * 1.1);
}
