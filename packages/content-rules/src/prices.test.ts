import { describe, expect, it } from 'vitest';
import { KNOWN_FEE_TEXTS, hasPriceText, taxIncluded } from './prices.ts';

describe('no prices as text (product decision 6)', () => {
  it.each<[string, boolean]>([
    ['月々3,500円から', true],
    ['３５００円', true],
    ['¥1,650', true],
    ['￥ 980', true],
    ['1万円', true],
    ['3500 yen', true],
    ['2,600円', true], // a fixed fee without （税込） is not the fixed fee
    ['2,600円（税込）と3,000円', true],
    ['1回25分・2〜3営業日', false],
    ['12か月プランなら月30回', false],
    ['ESAT-J_Plan_1', false],
    ...KNOWN_FEE_TEXTS.map((fee): [string, boolean] => [`解約時は${fee}がかかります`, false]),
  ])('%s → %s', (text, expected) => {
    expect(hasPriceText(text)).toBe(expected);
  });
});

describe('tax included', () => {
  it.each([
    [1500, 1650],
    [1, 1],
    [5, 6],
    [3850, 4235],
  ])('%i yen before tax is %i yen', (before, after) => {
    expect(taxIncluded(before)).toBe(after);
  });
});
