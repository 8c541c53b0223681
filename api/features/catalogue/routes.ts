import type { H3 } from 'h3';
import * as v from 'valibot';
import { toOptionItem } from '../../../src/domain/plans/option-item.ts';
import { categories, type Product } from '../../../src/domain/plans/types.ts';
import type { AppContext } from '../../context.ts';
import { jsonReply } from '../../lib/compression.ts';
import { readQuery } from '../../lib/validation.ts';
import { findCatalogue, type CatalogueRow } from './queries.ts';

const querySchema = v.object({ category: v.picklist(categories, 'badRequest') });

/** The API shape of the spec: products with option.items, snake_case fields. */
export function toProducts(rows: CatalogueRow[]): Product[] {
  const byId = new Map<string, Product>();
  for (const { product, option } of rows) {
    let entry = byId.get(product.id);
    if (!entry) {
      entry = { id: product.id, name: product.name, price: product.price, frequency: product.frequency, option: { items: [] } };
      byId.set(product.id, entry);
    }
    entry.option.items.push(toOptionItem(option));
  }
  return [...byId.values()];
}

export function registerCatalogueRoutes(app: H3, ctx: AppContext): void {
  app.get('/api/v2/products', async (event) => {
    const { category } = await readQuery(event, querySchema);
    const data = toProducts(await findCatalogue(ctx.database.db, category));
    // The same for everyone: browsers and a CDN may keep it five minutes, then revalidate.
    return jsonReply(event, { status: 'success', data }, { cacheControl: 'public, max-age=300, stale-while-revalidate=600' });
  });
}
