import { describe, expect, it } from 'vitest';
import { cardBrand, formatExpiry, isExpiryValid, isLuhnValid } from './cards.ts';

describe('card brands (the six the spec shows)', () => {
  it.each([
    ['4242 4242 4242 4242', 'visa'],
    ['5555555555554444', 'mastercard'],
    ['2223003122003222', 'mastercard'],
    ['378282246310005', 'amex'],
    ['6011111111111117', 'discover'],
    ['3566002020360505', 'jcb'],
    ['36227206271667', 'diners'],
    ['3056930009020004', 'diners'],
    ['9999999999999995', undefined],
  ])('%s → %s', (number, brand) => {
    expect(cardBrand(number)).toBe(brand);
  });
});

describe('card numbers', () => {
  it.each([
    ['4242424242424242', true],
    ['4000002760003184', true],
    ['4000000000000002', true],
    ['4000000000009995', true],
    ['4242424242424241', false],
    ['4242', false],
    ['42424242424242424242', false],
  ])('%s passes the Luhn check: %s', (number, valid) => {
    expect(isLuhnValid(number)).toBe(valid);
  });
});

describe('expiry', () => {
  const now = new Date('2026-11-21');
  it.each([
    [11, 2026, true],
    [10, 2026, false],
    [1, 2027, true],
    [13, 2027, false],
    [0, 2027, false],
  ])('%i/%i is valid: %s', (month, year, valid) => {
    expect(isExpiryValid(month, year, now)).toBe(valid);
  });

  it('formats as MM/YY', () => {
    expect(formatExpiry(3, 2029)).toBe('03/29');
  });
});
