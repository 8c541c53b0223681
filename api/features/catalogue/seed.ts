import type { Database } from '../../db/client.ts';
import { seedOptions, seedProducts } from '../../db/catalogue-seed.ts';
import { planOptions, products } from '../../db/schema/index.ts';

/**
 * Inserts the catalogue's products and plans that are missing. Rows that exist are left as
 * they are: a price changed in the database is never overwritten by a restart.
 */
export async function seedCatalogue(db: Database): Promise<void> {
  await db
    .insert(products)
    .values(seedProducts.map((product, index) => ({ ...product, sort: index })))
    .onConflictDoNothing();
  await db
    .insert(planOptions)
    .values(
      seedOptions.map((option, index) => ({
        ...option,
        discountRate: option.preDiscountPrice ? Math.round(((option.preDiscountPrice - option.price) / option.preDiscountPrice) * 100) : null,
        sort: index,
      })),
    )
    .onConflictDoNothing();
}
