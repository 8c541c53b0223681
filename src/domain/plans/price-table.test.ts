import { describe, expect, it } from 'vitest';
import { priceTables } from './price-table.ts';
import type { OptionItem, Product } from './types.ts';

const item = (o: Partial<OptionItem> & Pick<OptionItem, 'id' | 'package_type' | 'subscription_type' | 'price' | 'product_id'>): OptionItem => ({
  name: o.id,
  textbook: false,
  original_price: o.price,
  option_price: 0,
  pre_discount_price: null,
  discount_rate: null,
  price_change: null,
  contract_month: 12,
  package_content: null,
  safety_plan_price: null,
  ...o,
});

const otona: Product[] = [
  {
    id: 'lessons-4',
    name: '月4回',
    price: 3850,
    frequency: 'fourLessonsPerMonth',
    option: {
      items: [
        item({ id: 'ME_Plan_1', product_id: 'lessons-4', package_type: 'original', subscription_type: 'monthly', price: 4620 }),
        item({ id: 'ME_Plan_2', product_id: 'lessons-4', package_type: 'original', subscription_type: 'threeMonths', price: 4235 }),
        item({ id: 'ME_Plan_3', product_id: 'lessons-4', package_type: 'original', subscription_type: 'twelveMonths', price: 3850 }),
      ],
    },
  },
  {
    id: 'adult-business-4',
    name: 'Business 月4回',
    price: 4583,
    frequency: 'fourLessonsPerMonth',
    option: {
      items: [
        item({ id: 'adult_business_4', product_id: 'adult-business-4', package_type: 'adult', subscription_type: 'threeMonths', price: 16500, package_content: 'adultPackageContentEdgeBusiness' }),
        item({ id: 'adult_business_4', product_id: 'adult-business-4', package_type: 'adult', subscription_type: 'twelveMonths', price: 55000, package_content: 'adultPackageContentEdgeBusiness' }),
      ],
    },
  },
];

describe('the plan table is drawn from the catalogue', () => {
  it('has a table per package type of the category', () => {
    expect(priceTables('otona', otona).map((table) => table.key)).toEqual(['original', 'adult']);
  });

  it('puts the ESAT-J devices in one table, a row each', () => {
    const [table, ...rest] = priceTables('esatj', []);
    expect(rest).toEqual([]);
    expect(table!.key).toBe('esatj');
    expect(table!.rows.map((row) => row.key)).toEqual(['standard', 'ipad']);
  });

  it('shows monthly prices by lesson count and period, tax included', () => {
    const [original] = priceTables('otona', otona);
    expect(original!.columns.map((c) => c.subscription)).toEqual(['monthly', 'threeMonths', 'twelveMonths']);
    expect(original!.rows[0]).toEqual({
      key: 'fourLessonsPerMonth',
      cells: [
        { text: '4,620円（税込）', kind: 'monthly' },
        { text: '4,235円（税込）', kind: 'monthly' },
        { text: '3,850円（税込）', kind: 'monthly' },
      ],
    });
  });

  it('shows adult contract totals per content, and nothing where a plan is not sold', () => {
    const adult = priceTables('otona', otona)[1]!;
    expect(adult.columns).toHaveLength(4);
    expect(adult.rows[0]!.cells.map((cell) => cell.text)).toEqual([null, null, '16,500円（税込）', '55,000円（税込）']);
    expect(adult.rows[0]!.cells[2]!.kind).toBe('total');
  });
});
