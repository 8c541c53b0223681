import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { addresseeProblem, addresseeSchema } from './addressee.ts';
import { formatOrderNumber, luhnDigit, parseOrderNumber } from './order-number.ts';
import { documentSeries, formatDocumentNumber, isRegistrationNumber, taxLinesOf } from './snapshot.ts';

describe('document numbers (product decision 25)', () => {
  it.each([
    ['receipt', 2027, 123, 'R-2027-000123'],
    ['refundNote', 2027, 1, 'H-2027-000001'],
    ['receipt', 2028, 1_234_567, 'R-2028-1234567'],
  ] as const)('%s %i #%i → %s', (kind, year, sequence, expected) => {
    expect(formatDocumentNumber(kind, year, sequence)).toBe(expected);
  });

  it('counts per issuer, kind and year', () => {
    expect(new Set([documentSeries('receipt', 'T1', 2027), documentSeries('receipt', 'T2', 2027), documentSeries('refundNote', 'T1', 2027), documentSeries('receipt', 'T1', 2028)]).size).toBe(4);
  });

  it.each([
    ['T8010401000000', true],
    ['T801040100000', false],
    ['T80104010000000', false],
    ['8010401000000', false],
    ['t8010401000000', false],
    ['T801040100000A', false],
  ])('registration number %s: %s', (value, expected) => {
    expect(isRegistrationNumber(value)).toBe(expected);
  });

  it.each([
    [4400, 400],
    [2200, 200],
    [46_200, 4200],
    [12_705, 1155],
    [1, 0],
  ])('the 10%% line of %i yen holds %i yen of tax', (amount, tax) => {
    expect(taxLinesOf(amount)).toEqual([{ ratePercent: 10, total: amount, tax }]);
  });
});

describe('the addressee', () => {
  it.each([
    ['山田 花子', undefined],
    ['株式会社ミライ 経理部', undefined],
    ['A&B Co., Ltd.', undefined],
    ['あ'.repeat(100), undefined],
    ['𠮷'.repeat(100), undefined],
    ['あ'.repeat(101), 'addresseeTooLong'],
    ['', 'addresseeRequired'],
    ['　 ', 'addresseeRequired'],
    ['株式会社\nミライ', 'addresseeInvalid'],
    ['株式会社\tミライ', 'addresseeInvalid'],
    ['株式会社\u202eミライ', 'addresseeInvalid'],
    ['<script>', 'addresseeInvalid'],
    ['株式会社&lt;', 'addresseeInvalid'],
  ])('%j → %s', (value, expected) => {
    expect(addresseeProblem(value)).toBe(expected);
  });

  it('is trimmed when accepted', () => {
    expect(v.parse(addresseeSchema, { addressee: '  株式会社ミライ  ' })).toEqual({ addressee: '株式会社ミライ' });
  });
});

describe('order numbers', () => {
  it.each([
    [100001, '100001-7'],
    [100002, '100002-5'],
    [7992739871, '7992739871-3'],
  ])('%i → %s', (sequence, shown) => {
    expect(formatOrderNumber(sequence)).toBe(shown);
    expect(parseOrderNumber(shown)).toBe(sequence);
  });

  it.each([
    ['100001-7', 100001],
    ['1000017', 100001],
    ['１００００１-７', 100001],
    ['100001-8', undefined],
    ['100010-7', undefined],
    ['abc', undefined],
  ])('typed %j reads as %s (a wrong or swapped digit is caught)', (typed, expected) => {
    expect(parseOrderNumber(typed)).toBe(expected);
    expect(luhnDigit('7992739871')).toBe(3);
  });
});
