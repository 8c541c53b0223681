import type { OrderRequest } from '../order-schemas.ts';
import { hasSafetyPlan } from './availability.ts';
import { booksPrice } from './pricing.ts';
import { resolveOption } from './selection.ts';
import type { PlanSelection, Product } from './types.ts';

/**
 * The order the registration page posts for a plan selection, from the catalogue the page shows:
 * the server takes every amount from its own catalogue and refuses the order if they differ.
 * Undefined while the selection is incomplete.
 */
export function orderRequestFor(products: Product[], selection: PlanSelection, idempotencyKey: string): OrderRequest | undefined {
  const resolved = resolveOption(products, selection);
  if (!resolved || !selection.packageType || !selection.category) return undefined;
  const { product, item } = resolved;
  const books = item.textbook ? selection.books.filter((book) => book !== 'none') : [];
  return {
    productId: product.id,
    option: { id: item.id, name: item.name, price: item.price, textbook: books, option_price: booksPrice(item, selection.books) },
    contract_month: item.contract_month,
    isESATJ: selection.category === 'esatj',
    safety_plan: hasSafetyPlan(selection.packageType) && selection.safetyPlan === true,
    idempotency_key: idempotencyKey,
  };
}

/** What identifies the plan of an order: a retry of the same plan reuses its idempotency key. */
export function planFingerprint(request: OrderRequest): string {
  const { productId, option, contract_month, isESATJ, safety_plan } = request;
  return JSON.stringify([productId, option.id, option.price, option.textbook, option.option_price, contract_month, isESATJ, safety_plan]);
}
