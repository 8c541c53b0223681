/**
 * Content rules shared by the seed tests and the pages (mirrors of studio/src/lib/validation.ts,
 * which the Studio package cannot share with the site).
 */

/** Every plan option id of the catalogue (spec public-site-and-signup.md §3). */
export const PLAN_OPTION_IDS = [
  'ME_Plan_1',
  'ME_Plan_2',
  'ME_Plan_3',
  'ME_Plan_3_1',
  'ME_Plan_3_2_1',
  'ME_Plan_3_2_2',
  'ME_Plan_3_2_3',
  'adult_hawaii_4',
  'adult_hawaii_8',
  'adult_hawaii_30',
  'adult_hawaii_60',
  'adult_business_4',
  'adult_business_8',
  'adult_business_30',
  'adult_business_60',
  'ESAT-J_Plan_1',
  'ESAT-J_Plan_2',
  'ESAT-J_Plan_3',
  'ESAT-J_Plan_4',
  'ESAT-J_Plan_5',
  'ESAT-J_Plan_6',
] as const;

export type PlanOptionId = (typeof PLAN_OPTION_IDS)[number];

export function isPlanOptionId(value: string): value is PlanOptionId {
  return (PLAN_OPTION_IDS as readonly string[]).includes(value);
}

/**
 * Decision 6: copy never holds a price as text. Matches "3,500円", "¥3500", "３５００円", "1万円",
 * "3500 yen" and similar (the same pattern as the Studio's validation).
 */
export const PRICE_TEXT_PATTERN = /[¥￥]\s*[0-9０-９]|[0-9０-９][0-9０-９,，.．]*\s*(?:万\s*)?円|[0-9０-９][0-9０-９,，]*\s*(?:yen|jpy)\b/i;

/**
 * The only amounts copy may spell out, written exactly like this: the fixed fees of the terms
 * (round-trip shipping on cancellation, the ESAT-J tablet charge on cancellation in the trial).
 * They are not plan prices, which come only from the catalogue. Legal pages are exempt altogether.
 */
export const KNOWN_FEE_TEXTS = ['2,600円（税込）', '11,583円（税込）'] as const;

/** Whether a copy string writes an amount other than the known fees. */
export function hasPriceText(text: string): boolean {
  const rest = KNOWN_FEE_TEXTS.reduce((acc, fee) => acc.split(fee).join(''), text);
  return PRICE_TEXT_PATTERN.test(rest);
}

/** Tax-included price of a before-tax amount (10 %, rounded), e.g. the campaign mask 1500 → 1650. */
export function taxIncluded(priceBeforeTax: number): number {
  return Math.round(priceBeforeTax * 1.1);
}
