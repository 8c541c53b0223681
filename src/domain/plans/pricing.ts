import { TAX_RATE } from '../constants.ts';
import type { BookChoice, ContractMonths, OptionItem } from './types.ts';

/**
 * Price rules (spec §9, product decision 6). Every amount is yen, tax included (総額表示); amounts come
 * from the catalogue only.
 */

/** Contract months from the option id: ME_Plan_1 → 1, ME_Plan_2 → 3, ME_Plan_3… → 12; ESAT-J_Plan_1…6 by period. */
export function contractMonthsFromOptionId(optionId: string): ContractMonths | undefined {
  if (optionId === 'ME_Plan_1') return 1;
  if (optionId === 'ME_Plan_2') return 3;
  if (/^ME_Plan_3(_\d+)*$/.test(optionId)) return 12;
  const esatj = /^ESAT-J_Plan_([1-6])$/.exec(optionId);
  if (esatj) return ([1, 3, 12] as const)[(Number(esatj[1]) - 1) % 3];
  // Adult plans (adult_hawaii_4 …) come in 3 and 12 months: the item's contract_month says which.
  return undefined;
}

export function isFamilyOption(optionId: string): boolean {
  return /^ME_Plan_3_2_[123]$/.test(optionId);
}

const ADULT_OPTION = /^adult_(hawaii|business)_(4|8|30|60)$/;

export function isAdultOption(optionId: string): boolean {
  return ADULT_OPTION.test(optionId);
}

/** An adult option is one course at one lesson count: adult_hawaii_8 is Edge Hawaii, 8 lessons a month. */
export function adultOptionOf(optionId: string): { course: 'hawaii' | 'business'; lessons: number } | undefined {
  const match = ADULT_OPTION.exec(optionId);
  return match ? { course: match[1] as 'hawaii' | 'business', lessons: Number(match[2]) } : undefined;
}

/** What the robot adds to a contract's total: 120,000 for the kids plan, 150,000 for family plans. */
export const KIDS_ADDITION = 120_000;
export const FAMILY_ADDITION = 150_000;

/**
 * The total of a contract (spec §9): ME_Plan_3_1 adds 120,000 to original price × months; family
 * plans add 150,000; adult plans use the price directly; others are original price × months.
 */
export function totalPrice(item: Pick<OptionItem, 'id' | 'price' | 'original_price' | 'contract_month'>): number {
  const months = contractMonthsFromOptionId(item.id) ?? item.contract_month;
  if (isAdultOption(item.id)) return item.price;
  const base = item.original_price * months;
  if (item.id === 'ME_Plan_3_1') return base + KIDS_ADDITION;
  if (isFamilyOption(item.id)) return base + FAMILY_ADDITION;
  return base;
}

/** The price shown per month: adult items carry their contract total, spread here over its months. */
export function monthlyPrice(item: Pick<OptionItem, 'id' | 'price' | 'contract_month'>): number {
  return isAdultOption(item.id) ? Math.round(item.price / item.contract_month) : item.price;
}

/** The consumption tax inside a tax-included price: price − price / 1.1, rounded. */
export function taxOf(price: number): number {
  return Math.round(price - price / (1 + TAX_RATE));
}

const yen = new Intl.NumberFormat('ja-JP');

/** 「3,850円（税込）」 */
export function formatPrice(price: number): string {
  return `${yen.format(price)}円（税込）`;
}

/** 「3,850円」 */
export function formatYen(price: number): string {
  return `${yen.format(price)}円`;
}

/** The discount badges of the spec, keyed by price. */
const badges: Record<number, string> = {
  4730: '約26%OFF',
  5610: '約14%OFF',
  13200: 'さらに15%OFF',
  16500: '3%OFF',
  55000: '7%OFF',
};

export function discountBadge(price: number): string | undefined {
  return badges[price];
}

/** The percentage a badge claims (for checking the catalogue against it). */
export function badgePercent(badge: string): number {
  return Number(/(\d+)%/.exec(badge)?.[1] ?? 0);
}

/**
 * The option-book rule: "none" is exclusive. Choosing none clears the others; choosing a book
 * clears none; NEW CROWN and Connect together are allowed. Choosing a chosen book unchooses it.
 */
export function toggleBook(current: BookChoice[], choice: BookChoice): BookChoice[] {
  if (current.includes(choice)) return current.filter((book) => book !== choice);
  if (choice === 'none') return ['none'];
  return [...current.filter((book) => book !== 'none'), choice];
}

/** Books charged on the application day: the item's option price per book chosen. */
export function booksPrice(item: Pick<OptionItem, 'option_price' | 'textbook'>, books: BookChoice[]): number {
  if (!item.textbook) return 0;
  return books.filter((book) => book !== 'none').length * item.option_price;
}

/** The safety plan for the rented tablet, per month, times the contract's months. */
export function safetyPlanTotal(item: Pick<OptionItem, 'safety_plan_price' | 'contract_month'>, joined: boolean | undefined): number {
  return joined && item.safety_plan_price ? item.safety_plan_price * item.contract_month : 0;
}

/** What each contract period costs: the contract total plus the safety plan when joined (charged at every period start). */
export function periodPrice(item: Pick<OptionItem, 'id' | 'price' | 'original_price' | 'contract_month' | 'safety_plan_price'>, safetyPlanJoined: boolean | undefined): number {
  return totalPrice(item) + safetyPlanTotal(item, safetyPlanJoined);
}
