import { formatPrice, monthlyPrice } from '../domain/plans/pricing.ts';
import type { Category, Product } from '../domain/plans/types.ts';
import { tf } from '../i18n/plans.ts';
import { categoryOfOption } from './plan-labels.ts';

/**
 * Fills every `[data-plan-price="id,id"]` with the lowest monthly price of those plans, from the
 * catalogue API: copy refers to plans by option id and never carries a price (product decision 6).
 */
let filling: Promise<void> | undefined;

/** Once per page, however many sections ask for it. */
export function fillPlanPriceHints(): Promise<void> {
  return (filling ??= fill(document));
}

async function fill(root: ParentNode): Promise<void> {
  const targets = [...root.querySelectorAll<HTMLElement>('[data-plan-price]')];
  if (!targets.length) return;
  const wanted = new Set(targets.flatMap((el) => (el.dataset.planPrice ?? '').split(',').filter(Boolean)));
  const categories = [...new Set([...wanted].map(categoryOfOption))];
  const catalogues = await Promise.all(categories.map((category) => fetchCatalogue(category)));
  const monthly = new Map<string, number>();
  for (const product of catalogues.flat()) {
    for (const item of product.option.items) {
      if (!wanted.has(item.id)) continue;
      const perMonth = monthlyPrice(item);
      monthly.set(item.id, Math.min(monthly.get(item.id) ?? Infinity, perMonth));
    }
  }
  for (const el of targets) {
    const prices = (el.dataset.planPrice ?? '').split(',').map((id) => monthly.get(id)).filter((price) => price !== undefined);
    if (!prices.length) continue;
    const [lead, price] = priceHintParts(formatPrice(Math.min(...prices)));
    const whole = document.createElement('span');
    whole.className = 'whitespace-nowrap';
    whole.textContent = price;
    el.replaceChildren(lead, document.createElement('wbr'), whole);
  }
}

/**
 * 「月額3,850円（税込）から」 as what may go on a line of its own: 「月額」, then the price with
 * 「から」, which is never cut from it (a tile 216 px wide left 「から」 alone on the next line).
 */
export function priceHintParts(price: string): [lead: string, price: string] {
  const text = tf('plan.priceFrom', { price });
  const at = text.indexOf(price);
  return [text.slice(0, at), text.slice(at)];
}

async function fetchCatalogue(category: Category): Promise<Product[]> {
  const response = await fetch(`/api/v2/products?category=${category}`, { headers: { accept: 'application/json' } });
  if (!response.ok) return [];
  return ((await response.json()) as { data: Product[] }).data;
}
