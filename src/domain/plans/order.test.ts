import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { seedOptions, seedProducts } from '../../../api/db/catalogue-seed.ts';
import { orderRequestSchema } from '../order-schemas.ts';
import { toOptionItem } from './option-item.ts';
import { orderRequestFor, planFingerprint } from './order.ts';
import { applyChange, selectionFor, type SelectionChange } from './selection.ts';
import type { PlanSelection, Product } from './types.ts';

/** The seeded catalogue in the shape GET /api/v2/products answers. */
const products: Product[] = seedProducts.map((product) => ({
  ...product,
  option: {
    items: seedOptions
      .filter((option) => option.productId === product.id)
      .map(toOptionItem),
  },
}));

const choose = (...changes: SelectionChange[]): PlanSelection => changes.reduce(applyChange, selectionFor(undefined));
const KEY = '0b6f2d1e-8c1a-4d0e-9a43-5f1f3c2b7a10';

describe('orderRequestFor: the order the registration page posts', () => {
  it('names the catalogue item, its price and the contract months', () => {
    const selection = choose({ step: 'category', value: 'kodomo' }, { step: 'packageType', value: 'original' }, { step: 'subscriptionType', value: 'threeMonths' }, { step: 'frequency', value: 'eightLessonsPerMonth' });
    const request = orderRequestFor(products, selection, KEY);
    expect(request).toEqual({
      productId: 'lessons-8',
      option: { id: 'ME_Plan_2', name: 'ベーシックプラン 3か月 月8回', price: 6050, textbook: [], option_price: 0 },
      contract_month: 3,
      isESATJ: false,
      safety_plan: false,
      idempotency_key: KEY,
    });
    expect(() => v.parse(orderRequestSchema, request)).not.toThrow();
  });

  it('sends the chosen textbooks and their price, for plans that offer them', () => {
    const selection = choose({ step: 'category', value: 'esatj' }, { step: 'packageType', value: 'standard' }, { step: 'subscriptionType', value: 'twelveMonths' }, { step: 'books', value: ['newCrown', 'connect'] });
    const request = orderRequestFor(products, selection, KEY);
    expect(request).toMatchObject({ option: { textbook: ['newCrown', 'connect'], option_price: 4400 }, isESATJ: true, contract_month: 12 });
  });

  it('sends the safety plan only for the rented tablet', () => {
    const tablet = choose({ step: 'category', value: 'esatj' }, { step: 'packageType', value: 'ipad' }, { step: 'subscriptionType', value: 'monthly' }, { step: 'safetyPlan', value: true });
    expect(orderRequestFor(products, tablet, KEY)).toMatchObject({ safety_plan: true, isESATJ: true });
    const original = choose({ step: 'category', value: 'otona' }, { step: 'packageType', value: 'original' }, { step: 'subscriptionType', value: 'monthly' }, { step: 'frequency', value: 'fourLessonsPerMonth' });
    expect(orderRequestFor(products, { ...original, safetyPlan: true }, KEY)).toMatchObject({ safety_plan: false });
  });

  it('is undefined while the plan is incomplete', () => {
    expect(orderRequestFor(products, choose({ step: 'category', value: 'kodomo' }), KEY)).toBeUndefined();
    expect(orderRequestFor(products, choose({ step: 'category', value: 'esatj' }, { step: 'packageType', value: 'ipad' }, { step: 'subscriptionType', value: 'monthly' }), KEY)).toBeUndefined();
  });
});

describe('planFingerprint: when a retry may reuse the idempotency key', () => {
  const base = orderRequestFor(
    products,
    choose({ step: 'category', value: 'kodomo' }, { step: 'packageType', value: 'original' }, { step: 'subscriptionType', value: 'monthly' }, { step: 'frequency', value: 'fourLessonsPerMonth' }),
    KEY,
  )!;

  it('is the same for the same plan, whatever the key', () => {
    expect(planFingerprint({ ...base, idempotency_key: 'another' })).toBe(planFingerprint(base));
  });

  it.each([
    ['another option', { option: { ...base.option, id: 'ME_Plan_2' } }],
    ['another price', { option: { ...base.option, price: base.option.price + 1 } }],
    ['other textbooks', { option: { ...base.option, textbook: ['newCrown' as const] } }],
    ['another product', { productId: 'lessons-8' }],
    ['the safety plan', { safety_plan: true }],
  ])('changes with %s', (_what, change) => {
    expect(planFingerprint({ ...base, ...change })).not.toBe(planFingerprint(base));
  });
});
