import { describe, expect, it } from 'vitest';
import { applyChange, priceOf, resolveOption, selectionFor, toSelectedProduct } from './selection.ts';
import type { OptionItem, PlanSelection, Product } from './types.ts';

function item(overrides: Partial<OptionItem> & Pick<OptionItem, 'id' | 'product_id' | 'package_type' | 'subscription_type' | 'contract_month' | 'price'>): OptionItem {
  return {
    name: overrides.id,
    textbook: false,
    original_price: overrides.price,
    option_price: 0,
    pre_discount_price: null,
    discount_rate: null,
    price_change: null,
    package_content: null,
    safety_plan_price: null,
    ...overrides,
  };
}

const products: Product[] = [
  {
    id: 'lessons-8',
    name: '月8回',
    price: 5698,
    frequency: 'eightLessonsPerMonth',
    option: {
      items: [
        item({ id: 'ME_Plan_1', product_id: 'lessons-8', package_type: 'original', subscription_type: 'monthly', contract_month: 1, price: 6380 }),
        item({ id: 'ME_Plan_3', product_id: 'lessons-8', package_type: 'original', subscription_type: 'twelveMonths', contract_month: 12, price: 5698 }),
        item({ id: 'ME_Plan_3_1', product_id: 'lessons-8', package_type: 'kids', subscription_type: 'twelveMonths', contract_month: 12, price: 4730, textbook: true, option_price: 2200, pre_discount_price: 6380 }),
      ],
    },
  },
  {
    id: 'lessons-30',
    name: '月30回',
    price: 6028,
    frequency: 'thirtyLessonsPerMonth',
    option: {
      items: [
        item({ id: 'ME_Plan_3_2_3', product_id: 'lessons-30', package_type: 'family', subscription_type: 'twelveMonths', contract_month: 12, price: 11000, package_content: 'familyPackageContentEdgeNhk' }),
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
        item({ id: 'adult_business_4', product_id: 'adult-business-4', package_type: 'adult', subscription_type: 'threeMonths', contract_month: 3, price: 16500, original_price: 5500, package_content: 'adultPackageContentEdgeBusiness' }),
        item({ id: 'adult_business_4', product_id: 'adult-business-4', package_type: 'adult', subscription_type: 'twelveMonths', contract_month: 12, price: 55000, original_price: 4583, package_content: 'adultPackageContentEdgeBusiness' }),
      ],
    },
  },
  {
    id: 'esatj',
    name: 'ESAT-J',
    price: 3300,
    frequency: null,
    option: {
      items: [item({ id: 'ESAT-J_Plan_6', product_id: 'esatj', package_type: 'ipad', subscription_type: 'twelveMonths', contract_month: 12, price: 5280, textbook: true, option_price: 2200, safety_plan_price: 550 })],
    },
  },
];

function pick(...changes: Parameters<typeof applyChange>[1][]): PlanSelection {
  return changes.reduce(applyChange, selectionFor(undefined));
}

describe('choosing a plan step by step', () => {
  it('starts with no book chosen but 選択しない', () => {
    expect(selectionFor(undefined)).toEqual({ books: ['none'] });
  });

  it('preselects the category of /plan/{package} and registration routes', () => {
    expect(selectionFor('kodomo').category).toBe('kodomo');
  });

  it('fills a step with a single answer: kids and family plans are 12 months only', () => {
    expect(pick({ step: 'category', value: 'kodomo' }, { step: 'packageType', value: 'kids' }).subscriptionType).toBe('twelveMonths');
  });

  it('clears later choices that the new category does not offer', () => {
    const kids = pick({ step: 'category', value: 'kodomo' }, { step: 'packageType', value: 'kids' }, { step: 'frequency', value: 'eightLessonsPerMonth' });
    const otona = applyChange(kids, { step: 'category', value: 'otona' });
    expect(otona).toEqual({ category: 'otona', books: ['none'] });
  });

  it('keeps the lesson count when switching between packages that both offer it', () => {
    const original = pick({ step: 'category', value: 'kodomo' }, { step: 'packageType', value: 'original' }, { step: 'subscriptionType', value: 'monthly' }, { step: 'frequency', value: 'thirtyLessonsPerMonth' });
    const family = applyChange(original, { step: 'packageType', value: 'family' });
    expect(family).toMatchObject({ packageType: 'family', subscriptionType: 'twelveMonths', frequency: 'thirtyLessonsPerMonth' });
    const familyFrom8 = applyChange({ ...original, frequency: 'eightLessonsPerMonth' }, { step: 'packageType', value: 'family' });
    expect(familyFrom8.frequency).toBeUndefined();
  });

  it('forgets the safety plan when leaving the tablet', () => {
    const tablet = pick({ step: 'category', value: 'esatj' }, { step: 'packageType', value: 'ipad' }, { step: 'safetyPlan', value: true });
    expect(applyChange(tablet, { step: 'packageType', value: 'standard' }).safetyPlan).toBeUndefined();
  });
});

describe('the price of a selection', () => {
  it('is 0 until every step that matters is answered, so the button stays disabled', () => {
    expect(priceOf(products, pick({ step: 'category', value: 'kodomo' })).total).toBe(0);
    expect(priceOf(products, pick({ step: 'category', value: 'kodomo' }, { step: 'packageType', value: 'original' }, { step: 'subscriptionType', value: 'monthly' })).total).toBe(0);
    expect(priceOf(products, pick({ step: 'category', value: 'esatj' }, { step: 'packageType', value: 'ipad' }, { step: 'subscriptionType', value: 'twelveMonths' })).total).toBe(0);
  });

  it('prices a kids plan: lessons × 12 + 120,000, with its badge and the books on top', () => {
    const selection = pick({ step: 'category', value: 'kodomo' }, { step: 'packageType', value: 'kids' }, { step: 'frequency', value: 'eightLessonsPerMonth' }, { step: 'books', value: ['newCrown', 'connect'] });
    expect(priceOf(products, selection)).toMatchObject({ total: 4730 * 12 + 120_000, monthly: 4730, months: 12, badge: '約26%OFF', books: 4400, preDiscountPrice: 6380 });
  });

  it('prices a family plan by its content', () => {
    const selection = pick({ step: 'category', value: 'kodomo' }, { step: 'packageType', value: 'family' }, { step: 'frequency', value: 'thirtyLessonsPerMonth' }, { step: 'packageContent', value: 'familyPackageContentEdgeNhk' });
    expect(priceOf(products, selection).total).toBe(11000 * 12 + 150_000);
  });

  it('prices an adult plan at its contract total, 3 or 12 months', () => {
    const base = pick({ step: 'category', value: 'otona' }, { step: 'packageType', value: 'adult' }, { step: 'frequency', value: 'fourLessonsPerMonth' }, { step: 'packageContent', value: 'adultPackageContentEdgeBusiness' });
    expect(priceOf(products, applyChange(base, { step: 'subscriptionType', value: 'threeMonths' }))).toMatchObject({ total: 16500, monthly: 5500, badge: '3%OFF' });
    expect(priceOf(products, applyChange(base, { step: 'subscriptionType', value: 'twelveMonths' }))).toMatchObject({ total: 55000, monthly: 4583, badge: '7%OFF' });
  });

  it('adds the safety plan for the months of a tablet contract', () => {
    const tablet = pick({ step: 'category', value: 'esatj' }, { step: 'packageType', value: 'ipad' }, { step: 'subscriptionType', value: 'twelveMonths' });
    expect(priceOf(products, applyChange(tablet, { step: 'safetyPlan', value: true })).total).toBe(5280 * 12 + 550 * 12);
    expect(priceOf(products, applyChange(tablet, { step: 'safetyPlan', value: false })).total).toBe(5280 * 12);
  });

  it('resolves the selected product: package, period, lessons, product and option ids', () => {
    const selection = pick({ step: 'category', value: 'otona' }, { step: 'packageType', value: 'original' }, { step: 'subscriptionType', value: 'twelveMonths' }, { step: 'frequency', value: 'eightLessonsPerMonth' });
    expect(toSelectedProduct(products, selection)).toEqual({
      packageName: 'original',
      subscriptionType: 'twelveMonths',
      frequency: 'eightLessonsPerMonth',
      familyPackageContent: null,
      productId: 'lessons-8',
      optionId: 'ME_Plan_3',
    });
    expect(resolveOption(products, { ...selection, frequency: 'sixtyLessonsPerMonth' })).toBeUndefined();
  });
});
