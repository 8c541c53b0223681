import { describe, expect, it } from 'vitest';
import { adultOptionOf, badgePercent, booksPrice, contractMonthsFromOptionId, discountBadge, formatPrice, safetyPlanTotal, taxOf, toggleBook, totalPrice } from './pricing.ts';
import type { BookChoice } from './types.ts';

describe('contract months from the option id', () => {
  it.each([
    ['ME_Plan_1', 1],
    ['ME_Plan_2', 3],
    ['ME_Plan_3', 12],
    ['ME_Plan_3_1', 12],
    ['ME_Plan_3_2_1', 12],
    ['ME_Plan_3_2_2', 12],
    ['ME_Plan_3_2_3', 12],
    ['ESAT-J_Plan_1', 1],
    ['ESAT-J_Plan_2', 3],
    ['ESAT-J_Plan_3', 12],
    ['ESAT-J_Plan_4', 1],
    ['ESAT-J_Plan_5', 3],
    ['ESAT-J_Plan_6', 12],
    ['adult_hawaii_4', undefined],
    ['adult_business_60', undefined],
    ['ME_Plan_4', undefined],
  ] as const)('%s → %s', (optionId, months) => {
    expect(contractMonthsFromOptionId(optionId)).toBe(months);
  });
});

describe('an adult option id: one course at one lesson count', () => {
  it.each([
    ['adult_hawaii_4', { course: 'hawaii', lessons: 4 }],
    ['adult_business_60', { course: 'business', lessons: 60 }],
    ['adult_hawaii_5', undefined],
    ['ME_Plan_3', undefined],
  ] as const)('%s → %o', (optionId, parts) => {
    expect(adultOptionOf(optionId)).toEqual(parts);
  });
});

describe('total price (spec §9): one row per formula', () => {
  it.each([
    ['ME_Plan_3_1 adds 120,000 to original price × months', { id: 'ME_Plan_3_1', price: 4730, original_price: 4730, contract_month: 12 }, 4730 * 12 + 120_000],
    ['family plans add 150,000', { id: 'ME_Plan_3_2_2', price: 13200, original_price: 13200, contract_month: 12 }, 13200 * 12 + 150_000],
    ['adult plans use the price directly', { id: 'adult_hawaii_8', price: 19800, original_price: 6600, contract_month: 3 }, 19800],
    ['others: original price × months (1)', { id: 'ME_Plan_1', price: 4620, original_price: 4620, contract_month: 1 }, 4620],
    ['others: original price × months (3)', { id: 'ME_Plan_2', price: 4235, original_price: 4235, contract_month: 3 }, 4235 * 3],
    ['others: original price × months (12)', { id: 'ME_Plan_3', price: 3850, original_price: 3850, contract_month: 12 }, 3850 * 12],
    ['ESAT-J: original price × months', { id: 'ESAT-J_Plan_5', price: 5720, original_price: 5720, contract_month: 3 }, 5720 * 3],
  ] as const)('%s', (_rule, item, expected) => {
    expect(totalPrice(item)).toBe(expected);
  });

  it('uses the months of the option id, not a stray contract_month', () => {
    expect(totalPrice({ id: 'ME_Plan_2', price: 1000, original_price: 1000, contract_month: 12 })).toBe(3000);
  });
});

describe('tax shown: price − price/1.1, rounded', () => {
  it.each([
    [3850, 350],
    [1100, 100],
    [5698, 518],
    [1, 0],
    [6, 1],
    [16, 1],
    [17, 2],
    [55000, 5000],
    [174_720, 15_884],
    [0, 0],
  ])('%i yen includes %i yen of tax', (price, tax) => {
    expect(taxOf(price)).toBe(tax);
  });
});

describe('prices are always shown tax-included (総額表示)', () => {
  it.each([
    [3850, '3,850円（税込）'],
    [174720, '174,720円（税込）'],
    [0, '0円（税込）'],
  ])('%i → %s', (price, text) => {
    expect(formatPrice(price)).toBe(text);
  });
});

describe('discount badges (spec §9)', () => {
  it.each([
    [4730, '約26%OFF'],
    [5610, '約14%OFF'],
    [13200, 'さらに15%OFF'],
    [16500, '3%OFF'],
    [55000, '7%OFF'],
    [3850, undefined],
    [4731, undefined],
  ])('%i → %s', (price, badge) => {
    expect(discountBadge(price)).toBe(badge);
  });

  it('reads the percentage a badge claims', () => {
    expect(badgePercent('約26%OFF')).toBe(26);
    expect(badgePercent('さらに15%OFF')).toBe(15);
  });
});

describe('the option-book rule: none is exclusive, both books together are allowed', () => {
  it.each([
    ['choosing NEW CROWN clears none', ['none'], 'newCrown', ['newCrown']],
    ['choosing Connect clears none', ['none'], 'connect', ['connect']],
    ['both books together', ['newCrown'], 'connect', ['newCrown', 'connect']],
    ['choosing none clears the others', ['newCrown', 'connect'], 'none', ['none']],
    ['choosing none from one book', ['connect'], 'none', ['none']],
    ['choosing a chosen book again unchooses it', ['newCrown', 'connect'], 'connect', ['newCrown']],
    ['nothing chosen, then a book', [], 'newCrown', ['newCrown']],
  ] as const)('%s', (_rule, current, choice, expected) => {
    expect(toggleBook([...current] as BookChoice[], choice)).toEqual(expected);
  });

  it.each([
    [['none'], 0],
    [['newCrown'], 2200],
    [['connect'], 2200],
    [['newCrown', 'connect'], 4400],
  ] as const)('books %j cost %i yen on the application day', (books, price) => {
    expect(booksPrice({ option_price: 2200, textbook: true }, [...books])).toBe(price);
  });

  it('charges nothing for books on a plan without textbooks', () => {
    expect(booksPrice({ option_price: 2200, textbook: false }, ['newCrown'])).toBe(0);
  });
});

describe('the ESAT-J tablet safety plan', () => {
  it.each([
    [true, 12, 550 * 12],
    [false, 12, 0],
    [undefined, 3, 0],
  ])('joined %s for %i months → %i yen', (joined, months, total) => {
    expect(safetyPlanTotal({ safety_plan_price: 550, contract_month: months as 3 | 12 }, joined)).toBe(total);
  });
});
