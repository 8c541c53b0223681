import { describe, expect, it } from 'vitest';
import { normalizeHolderName } from '../../../domain/card-schemas.ts';
import { t, tf } from '../../../i18n/ja.ts';
import {
  canSaveCard,
  caretAfterDigits,
  checkLocalCard,
  checkStripeCard,
  formatCardNumber,
  formatExpiryInput,
  parseExpiry,
  stripeIssue,
  toLocalCard,
  type CardFormValues,
} from './card-input.ts';

// 15 May 2026: May 2026 is still valid, April 2026 has passed.
const now = new Date(2026, 4, 15);
const valid: CardFormValues = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', name: 'HANAKO YAMADA' };

describe('Save in the card dialog (spec §5: number, expiry and code complete, holder name given)', () => {
  it.each<[string, Partial<CardFormValues>, boolean]>([
    ['everything complete', {}, true],
    ['no number', { number: '' }, false],
    ['a number still being typed', { number: '4242 4242 4242' }, false],
    ['a number failing the Luhn check', { number: '4242 4242 4242 4241' }, false],
    ['a number of no accepted brand', { number: '9999 9999 9999 9995' }, false],
    ['no expiry', { expiry: '' }, false],
    ['an expiry still being typed', { expiry: '12/3' }, false],
    ['month 13', { expiry: '13/30' }, false],
    ['an expiry that has passed (last month)', { expiry: '04/26' }, false],
    ['an expiry of this month', { expiry: '05/26' }, true],
    ['no security code', { cvc: '' }, false],
    ['a two-digit security code', { cvc: '12' }, false],
    ['a four-digit code on a Visa', { cvc: '1234' }, false],
    ['American Express with a three-digit code', { number: '3782 822463 10005', cvc: '123' }, false],
    ['American Express with its four-digit code', { number: '3782 822463 10005', cvc: '1234' }, true],
    ['no holder name', { name: '' }, false],
    ['a holder name of spaces only', { name: '   ' }, false],
    ['a holder name in kanji (the label asks for romaji)', { name: '山田 花子' }, false],
    ['a holder name in full-width letters', { name: 'ＨＡＮＡＫＯ　ＹＡＭＡＤＡ' }, true],
    ['an apostrophe and a hyphen in the name', { name: "Anne-Marie O'Neil" }, true],
  ])('local form, %s: %s', (_case, change, enabled) => {
    expect(canSaveCard(checkLocalCard({ ...valid, ...change }, now))).toBe(enabled);
  });

  it.each<[string, boolean, string, boolean]>([
    ['the Stripe element incomplete', false, 'HANAKO YAMADA', false],
    ['no holder name', true, '', false],
    ['both complete', true, 'HANAKO YAMADA', true],
  ])('Stripe element, %s', (_case, complete, name, enabled) => {
    expect(canSaveCard(checkStripeCard(complete, name))).toBe(enabled);
  });
});

describe('what the form says is wrong', () => {
  it.each<[string, Partial<CardFormValues>, 'number' | 'expiry' | 'cvc' | 'name', string]>([
    ['a wrong number', { number: '4242 4242 4242 4241' }, 'number', t('card.error.number')],
    ['an unfinished number', { number: '4242' }, 'number', t('card.error.number')],
    ['six digits of no accepted brand', { number: '9999 99' }, 'number', t('card.error.brand')],
    ['an expiry not in MM/YY', { expiry: '1' }, 'expiry', t('card.error.expiry')],
    ['month 00', { expiry: '00/30' }, 'expiry', t('card.error.expiry')],
    ['a past expiry', { expiry: '04/26' }, 'expiry', t('card.error.expired')],
    ['a short code', { cvc: '12' }, 'cvc', tf('card.error.cvc', { digits: 3 })],
    ['a short American Express code', { number: '3782 822463 10005', cvc: '123' }, 'cvc', tf('card.error.cvc', { digits: 4 })],
    ['an empty name', { name: ' ' }, 'name', t('thisFieldIsRequired')],
    ['a name in kana', { name: 'やまだ' }, 'name', t('invalidRomanizedName')],
  ])('%s', (_case, change, part, text) => {
    expect(checkLocalCard({ ...valid, ...change }, now).issues[part]).toBe(text);
  });

  it('says nothing about a complete card', () => {
    expect(checkLocalCard(valid, now).issues).toEqual({});
  });

  it('puts the numbers in the texts', () => {
    expect(tf('card.error.cvc', { digits: 4 })).toContain('4桁');
  });

  it.each([
    ['incomplete_number', t('card.error.number')],
    ['invalid_number', t('card.error.number')],
    ['incomplete_expiry', t('card.error.expiry')],
    ['invalid_expiry_year_past', t('card.error.expired')],
    ['invalid_expiry_month_past', t('card.error.expired')],
    ['incomplete_cvc', tf('card.error.cvc', { digits: 3 })],
    ['something_new', t('cardRegistrationError')],
  ])('Stripe code %s reads as our own text', (code, text) => {
    expect(stripeIssue(code, 'visa')).toBe(text);
  });
});

describe('the number and expiry as typed', () => {
  it.each([
    ['4242424242424242', '4242 4242 4242 4242'],
    ['4242 42', '4242 42'],
    ['4242-4242-4242-4242', '4242 4242 4242 4242'],
    ['４２４２４２４２', '4242 4242'],
    ['378282246310005', '3782 822463 10005'],
    ['3782822463100059', '3782 822463 10005'],
    ['55555555555544441', '5555 5555 5555 4444'],
    ['4242424242424242424', '4242 4242 4242 4242 424'],
    ['42424242424242424242', '4242 4242 4242 4242 424'],
    ['', ''],
  ])('%s is shown as %s', (typed, shown) => {
    expect(formatCardNumber(typed)).toBe(shown);
  });

  it.each([
    ['1', '1'],
    ['12', '12'],
    ['123', '12/3'],
    ['1228', '12/28'],
    ['12/28', '12/28'],
    ['12/2028', '12/28'],
    ['4/28', '04/28'],
    ['1 / 28', '01/28'],
    ['122899', '12/28'],
    ['１２／２８', '12/28'],
  ])('expiry %s is shown as %s', (typed, shown) => {
    expect(formatExpiryInput(typed)).toBe(shown);
  });

  it('keeps the caret after the same digits once spaces come and go', () => {
    expect(caretAfterDigits('4242 4242', 4)).toBe(4);
    expect(caretAfterDigits('4242 4242', 5)).toBe(6);
    expect(caretAfterDigits('4242 4242', 0)).toBe(0);
    expect(caretAfterDigits('12/28', 3)).toBe(4);
  });

  it('reads a complete expiry as month and four-digit year', () => {
    expect(parseExpiry('04/31')).toEqual({ month: 4, year: 2031 });
    expect(parseExpiry('4/31')).toBeUndefined();
    expect(parseExpiry('13/31')).toBeUndefined();
  });

  it('sends the local gateway digits, month and year, and a tidy name', () => {
    expect(toLocalCard(valid)).toEqual({ number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' });
    expect(normalizeHolderName('  ＨＡＮＡＫＯ　 yamada ')).toBe('HANAKO yamada');
  });
});
