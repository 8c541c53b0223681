import { contentsFor, frequenciesFor, packageTypesFor, subscriptionTypesFor } from './availability.ts';
import { formatPrice } from './pricing.ts';
import type { Category, OptionItem, PackageType, Product } from './types.ts';

/**
 * The plan table of /plantable, built from the catalogue (never typed into the CMS): one table
 * per package type, rows by lesson count (or device), columns by contract period (and, for adult
 * plans, by content). Labels are catalogue keys, resolved by the caller.
 */
export interface PriceCell {
  /** The amount shown, tax included; null where the combination is not sold. */
  text: string | null;
  /** Adult plans show contract totals; the others show a monthly price. */
  kind: 'monthly' | 'total' | null;
}

export interface PriceTable {
  /** A package type, or the category when its packages are rows of one table (ESAT-J devices). */
  key: PackageType | Category;
  columns: { subscription: string; content: string | null }[];
  rows: { key: string; cells: PriceCell[] }[];
}

function findItem(products: Product[], packageType: PackageType, subscription: string, content: string | null, frequency: string | null): OptionItem | undefined {
  for (const product of products) {
    if (frequency !== null && product.frequency !== frequency) continue;
    const item = product.option.items.find((i) => i.package_type === packageType && i.subscription_type === subscription && i.package_content === content);
    if (item) return item;
  }
  return undefined;
}

export function priceTables(category: Category, products: Product[]): PriceTable[] {
  const packages = packageTypesFor(category);
  // Packages without lesson counts (the ESAT-J devices) become the rows of a single table.
  if (packages.every((packageType) => frequenciesFor(packageType).length === 0)) {
    const columns = subscriptionTypesFor(packages[0]!).map((subscription) => ({ subscription, content: null }));
    return [
      {
        key: category,
        columns,
        rows: packages.map((packageType) => ({
          key: packageType,
          cells: columns.map((column) => {
            const item = findItem(products, packageType, column.subscription, null, null);
            return item ? { text: formatPrice(item.price), kind: 'monthly' as const } : { text: null, kind: null };
          }),
        })),
      },
    ];
  }
  return packages.map((packageType) => {
    const lessons = frequenciesFor(packageType);
    // Family contents share one price: a column per content only where prices differ (adult).
    const contents: (string | null)[] = packageType === 'adult' ? contentsFor(packageType) : [contentsFor(packageType)[0] ?? null];
    const columns = contents.flatMap((content) => subscriptionTypesFor(packageType).map((subscription) => ({ subscription, content: packageType === 'adult' ? content : null })));
    const rowKeys: (string | null)[] = lessons.length ? lessons : [null];
    return {
      key: packageType,
      columns,
      rows: rowKeys.map((frequency) => ({
        key: frequency ?? packageType,
        cells: columns.map((column, index) => {
          const content = contents[Math.floor(index / subscriptionTypesFor(packageType).length)] ?? null;
          const item = findItem(products, packageType, column.subscription, content, frequency);
          if (!item) return { text: null, kind: null };
          return packageType === 'adult' ? { text: formatPrice(item.price), kind: 'total' as const } : { text: formatPrice(item.price), kind: 'monthly' as const };
        }),
      })),
    };
  });
}
