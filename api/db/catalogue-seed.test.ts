import { PLAN_OPTION_IDS } from '@musio/content-rules';
import { describe, expect, it } from 'vitest';
import { contentsFor, frequenciesFor, isAvailable, subscriptionTypesFor } from '../../src/domain/plans/availability.ts';
import { badgePercent, contractMonthsFromOptionId, discountBadge, taxOf } from '../../src/domain/plans/pricing.ts';
import { packageTypes } from '../../src/domain/plans/types.ts';
import { seedOptions, seedProducts } from './catalogue-seed.ts';

describe('the seeded catalogue', () => {
  it.each(PLAN_OPTION_IDS)('has the option id %s', (optionId) => {
    expect(seedOptions.some((option) => option.optionId === optionId)).toBe(true);
  });

  it('sells only available combinations, each exactly once', () => {
    const keys = seedOptions.map((option) => {
      const product = seedProducts.find((p) => p.id === option.productId)!;
      expect(isAvailable({ packageType: option.packageType, subscriptionType: option.subscriptionType, frequency: product.frequency, content: option.packageContent })).toBe(true);
      return [option.packageType, option.subscriptionType, product.frequency, option.packageContent].join(' ');
    });
    expect(new Set(keys).size).toBe(keys.length);
    const sellable = packageTypes.reduce(
      (sum, type) => sum + subscriptionTypesFor(type).length * Math.max(frequenciesFor(type).length, 1) * Math.max(contentsFor(type).length, 1),
      0,
    );
    expect(keys).toHaveLength(sellable);
  });

  it("uses the spec's monthly prices for the 12-month original plan (3,500 / 5,180 / 5,480 / 9,480 before tax)", () => {
    const twelve = seedOptions.filter((option) => option.optionId === 'ME_Plan_3').map((option) => option.price);
    expect(twelve).toEqual([3850, 5698, 6028, 10428]);
    expect(twelve.map((price) => price - taxOf(price))).toEqual([3500, 5180, 5480, 9480]);
  });

  it('agrees with the contract months of the option ids', () => {
    for (const option of seedOptions) {
      const months = contractMonthsFromOptionId(option.optionId);
      if (months) expect({ id: option.optionId, months: option.contractMonth }).toEqual({ id: option.optionId, months });
    }
  });

  it('states only true discounts: every badge matches its reference price', () => {
    const badged = seedOptions.filter((option) => discountBadge(option.price));
    expect([...new Set(badged.map((option) => option.price))].sort()).toEqual([13200, 16500, 4730, 55000, 5610].sort());
    for (const option of badged) {
      const claimed = badgePercent(discountBadge(option.price)!);
      expect(option.preDiscountPrice).not.toBeNull();
      const actual = ((option.preDiscountPrice! - option.price) / option.preDiscountPrice!) * 100;
      expect({ name: option.name, off: Math.round(actual) }).toEqual({ name: option.name, off: claimed });
    }
  });

  it('never states a reference price below the price', () => {
    for (const option of seedOptions) if (option.preDiscountPrice) expect(option.preDiscountPrice).toBeGreaterThan(option.price);
  });

  it('has whole-yen tax-included prices that come from whole-yen prices before tax', () => {
    for (const option of seedOptions) {
      expect(Number.isInteger(option.price)).toBe(true);
      expect((option.price - taxOf(option.price)) * 1.1).toBeCloseTo(option.price, 0);
    }
  });
});
