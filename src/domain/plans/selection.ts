import { contentsFor, frequenciesFor, hasSafetyPlan, packageTypesFor, subscriptionTypesFor } from './availability.ts';
import { booksPrice, discountBadge, monthlyPrice, safetyPlanTotal, taxOf, totalPrice } from './pricing.ts';
import type { BookChoice, Category, FamilyContent, Frequency, OptionItem, PackageContent, PackageType, PlanSelection, Product, SelectedProduct, SubscriptionType } from './types.ts';

export type SelectionChange =
  | { step: 'category'; value: Category }
  | { step: 'packageType'; value: PackageType }
  | { step: 'subscriptionType'; value: SubscriptionType }
  | { step: 'frequency'; value: Frequency }
  | { step: 'packageContent'; value: PackageContent }
  | { step: 'books'; value: BookChoice[] }
  | { step: 'safetyPlan'; value: boolean };

export const emptySelection: PlanSelection = { books: ['none'] };

/** The only answer when a step offers exactly one (kids and family plans are 12 months only). */
function only<T>(values: T[]): T | undefined {
  return values.length === 1 ? values[0] : undefined;
}

/** Keeps each later choice only while it is still offered; fills steps that have a single answer. */
function settle(selection: PlanSelection): PlanSelection {
  const next: PlanSelection = { category: selection.category, books: selection.books.length ? selection.books : ['none'] };
  if (!next.category) return next;
  const packageType = selection.packageType && packageTypesFor(next.category).includes(selection.packageType) ? selection.packageType : undefined;
  if (!packageType) return next;
  next.packageType = packageType;
  const periods = subscriptionTypesFor(packageType);
  next.subscriptionType = selection.subscriptionType && periods.includes(selection.subscriptionType) ? selection.subscriptionType : only(periods);
  const lessons = frequenciesFor(packageType);
  next.frequency = selection.frequency && lessons.includes(selection.frequency) ? selection.frequency : only(lessons);
  const contents = contentsFor(packageType);
  next.packageContent = selection.packageContent && contents.includes(selection.packageContent) ? selection.packageContent : only(contents);
  if (hasSafetyPlan(packageType)) next.safetyPlan = selection.safetyPlan;
  return next;
}

/** Applies one choice; later choices that no longer fit are cleared. */
export function applyChange(selection: PlanSelection, change: SelectionChange): PlanSelection {
  return settle({ ...selection, [change.step]: change.value });
}

/** A selection that starts in a category (the /plan/{package} pages, registration routes). */
export function selectionFor(category: Category | undefined): PlanSelection {
  return settle({ ...emptySelection, ...(category ? { category } : {}) });
}

/** The catalogue item the selection names, once every step that matters is answered. */
export function resolveOption(products: Product[], selection: PlanSelection): { product: Product; item: OptionItem } | undefined {
  const { packageType, subscriptionType } = selection;
  if (!packageType || !subscriptionType) return undefined;
  const needsFrequency = frequenciesFor(packageType).length > 0;
  const needsContent = contentsFor(packageType).length > 0;
  if ((needsFrequency && !selection.frequency) || (needsContent && !selection.packageContent)) return undefined;
  if (hasSafetyPlan(packageType) && selection.safetyPlan === undefined) return undefined;
  for (const product of products) {
    if (needsFrequency && product.frequency !== selection.frequency) continue;
    const item = product.option.items.find(
      (candidate) =>
        candidate.package_type === packageType &&
        candidate.subscription_type === subscriptionType &&
        candidate.package_content === (needsContent ? selection.packageContent : null),
    );
    if (item) return { product, item };
  }
  return undefined;
}

export interface PriceSummary {
  /** The contract's total (0 while the selection is incomplete: the button stays disabled). */
  total: number;
  /** The price shown per month (adult plans: the contract total spread over its months). */
  monthly: number;
  months: number;
  tax: number;
  /** Optional textbooks, charged on the application day. */
  books: number;
  safetyPlan: number;
  badge: string | undefined;
  preDiscountPrice: number | null;
}

const nothing: PriceSummary = { total: 0, monthly: 0, months: 0, tax: 0, books: 0, safetyPlan: 0, badge: undefined, preDiscountPrice: null };

/** The price of a selection, from the catalogue only. */
export function priceOf(products: Product[], selection: PlanSelection): PriceSummary {
  const resolved = resolveOption(products, selection);
  if (!resolved) return nothing;
  const { item } = resolved;
  const safetyPlan = safetyPlanTotal(item, selection.safetyPlan);
  const total = totalPrice(item) + safetyPlan;
  return {
    total,
    monthly: monthlyPrice(item),
    months: item.contract_month,
    tax: taxOf(total),
    books: booksPrice(item, selection.books),
    safetyPlan,
    badge: discountBadge(item.price),
    preDiscountPrice: item.pre_discount_price,
  };
}

/** The selected product of the spec, for registration and the plan switch. */
export function toSelectedProduct(products: Product[], selection: PlanSelection): SelectedProduct | undefined {
  const resolved = resolveOption(products, selection);
  if (!resolved || !selection.packageType || !selection.subscriptionType) return undefined;
  const content = selection.packageContent;
  return {
    packageName: selection.packageType,
    subscriptionType: selection.subscriptionType,
    frequency: selection.frequency ?? null,
    familyPackageContent: content?.startsWith('family') ? (content as FamilyContent) : null,
    productId: resolved.product.id,
    optionId: resolved.item.id,
  };
}
