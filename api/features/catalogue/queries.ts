import { asc, eq, inArray } from 'drizzle-orm';
import { packageTypesFor } from '../../../src/domain/plans/availability.ts';
import { categories, type Category } from '../../../src/domain/plans/types.ts';
import type { Database } from '../../db/client.ts';
import { planOptions, products } from '../../db/schema/index.ts';

export interface CatalogueRow {
  product: typeof products.$inferSelect;
  option: typeof planOptions.$inferSelect;
}

function prepareFor(db: Database, category: Category) {
  return db
    .select({ product: products, option: planOptions })
    .from(planOptions)
    .innerJoin(products, eq(products.id, planOptions.productId))
    .where(inArray(planOptions.packageType, packageTypesFor(category)))
    .orderBy(asc(products.sort), asc(planOptions.sort))
    .prepare(`catalogue_${category}`);
}

const cache = new WeakMap<Database, Record<Category, ReturnType<typeof prepareFor>>>();

/** The products and plans of one category: one prepared query per category. */
export async function findCatalogue(db: Database, category: Category): Promise<CatalogueRow[]> {
  let prepared = cache.get(db);
  if (!prepared) {
    prepared = Object.fromEntries(categories.map((c) => [c, prepareFor(db, c)])) as Record<Category, ReturnType<typeof prepareFor>>;
    cache.set(db, prepared);
  }
  return prepared[category].execute();
}

/** One plan by its natural key (the order and the plan switch price from this, never from the browser). */
export async function findPlanOption(db: Database, productId: string, optionId: string, contractMonth: number) {
  const rows = await db
    .select({ product: products, option: planOptions })
    .from(planOptions)
    .innerJoin(products, eq(products.id, planOptions.productId))
    .where(eq(planOptions.productId, productId))
    .orderBy(asc(planOptions.sort));
  return rows.find((row) => row.option.optionId === optionId && row.option.contractMonth === contractMonth);
}
