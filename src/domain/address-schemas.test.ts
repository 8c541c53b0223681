import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { addressInput, storedAddress } from '../../tests/support/factories.ts';
import { addressPayloadSchema, isPhoneNumber, PREFECTURES, postalCodeDigits, toFormValues } from './address-schemas.ts';

/** A complete payload as the form sends it. */
const valid = addressInput({ buildingName: 'ミュージオビル 3F' });

/** The message key of the first problem with the field, or null when the payload passes. */
function issueFor(change: Record<string, unknown>, path: string): string | null {
  const result = v.safeParse(addressPayloadSchema, { ...valid, ...change }, { abortPipeEarly: true });
  if (result.success) return null;
  return result.issues.find((issue) => v.getDotPath(issue) === path)?.message ?? null;
}

describe('address form (public spec §5, member spec §5)', () => {
  it.each([
    // All required except the building name.
    ['last name required', 'lastName', '', 'thisFieldIsRequired'],
    ['first name required', 'firstName', '  ', 'thisFieldIsRequired'],
    ['romanized last name required', 'romanizedLastName', '', 'thisFieldIsRequired'],
    ['romanized first name required', 'romanizedFirstName', undefined, 'thisFieldIsRequired'],
    ['postal code required', 'addressZip', '', 'thisFieldIsRequired'],
    ['prefecture required', 'addressState', '', 'thisFieldIsRequired'],
    ['city required', 'addressCity', '', 'thisFieldIsRequired'],
    ['address line required', 'addressDetails', '', 'thisFieldIsRequired'],
    ['phone required', 'phoneNumber', '', 'thisFieldIsRequired'],
    ['building name optional (empty)', 'buildingName', '', null],
    ['building name optional (missing)', 'buildingName', undefined, null],
    ['building name optional (null)', 'buildingName', null, null],
    // Names: at most 50 characters.
    ['name at most 50 characters', 'lastName', '山'.repeat(51), 'tooLong'],
    ['name of 50 characters', 'lastName', '山'.repeat(50), null],
    ['city at most 100 characters', 'addressCity', '市'.repeat(101), 'tooLong'],
    ['address line at most 100 characters', 'addressDetails', '1'.repeat(101), 'tooLong'],
    ['building name at most 100 characters', 'buildingName', 'ビ'.repeat(101), 'tooLong'],
    // Prefecture: one of the 47.
    ['prefecture one of the 47', 'addressState', '東京', 'badRequest'],
    ['prefecture 沖縄県', 'addressState', '沖縄県', null],
    // Postal code: three digits, optional separator, four digits (example 123-4567).
    ['postal code with hyphen', 'addressZip', '123-4567', null],
    ['postal code without separator', 'addressZip', '1234567', null],
    ['postal code with a space', 'addressZip', '123 4567', null],
    ['postal code in full-width with ー', 'addressZip', '１２３ー４５６７', null],
    ['postal code with full-width －', 'addressZip', '123－4567', null],
    ['postal code too short', 'addressZip', '123-456', 'invalidPostalCode'],
    ['postal code too long', 'addressZip', '123-45678', 'invalidPostalCode'],
    ['postal code grouped 4-3', 'addressZip', '1234-567', 'invalidPostalCode'],
    ['postal code two separators', 'addressZip', '123--4567', 'invalidPostalCode'],
    ['postal code letters', 'addressZip', 'abc-defg', 'invalidPostalCode'],
    ['postal code with 〒', 'addressZip', '〒123-4567', 'invalidPostalCode'],
    // Phone: optional + and country code, groups, optional separators (example 1234-56-7890).
    ['phone: the spec example', 'phoneNumber', '1234-56-7890', null],
    ['phone: Tokyo landline', 'phoneNumber', '03-1234-5678', null],
    ['phone: mobile', 'phoneNumber', '090-1234-5678', null],
    ['phone: toll-free', 'phoneNumber', '0120-123-456', null],
    ['phone: with country code', 'phoneNumber', '+81-90-1234-5678', null],
    ['phone: country code and spaces', 'phoneNumber', '+81 3 1234 5678', null],
    ['phone: no separators', 'phoneNumber', '09012345678', null],
    ['phone: full-width', 'phoneNumber', '０９０－１２３４－５６７８', null],
    ['phone: too few digits', 'phoneNumber', '03-1234-567', 'invalidPhoneNumber'],
    ['phone: too many digits', 'phoneNumber', '090-1234-56789', 'invalidPhoneNumber'],
    ['phone: letters', 'phoneNumber', '090-abcd-5678', 'invalidPhoneNumber'],
    ['phone: parentheses', 'phoneNumber', '03(1234)5678', 'invalidPhoneNumber'],
    ['phone: plus without country code', 'phoneNumber', '+-90-1234-5678', 'invalidPhoneNumber'],
    ['phone: doubled separator', 'phoneNumber', '090--1234-5678', 'invalidPhoneNumber'],
    // Romanized names: Latin letters, 1-50 characters, words joined by ' _ . or space.
    ['romanized: letters', 'romanizedLastName', 'Yamada', null],
    ['romanized: apostrophe', 'romanizedLastName', "O'Neil", null],
    ['romanized: underscore', 'romanizedLastName', 'Van_Dyke', null],
    ['romanized: dot', 'romanizedFirstName', 'J.Taro', null],
    ['romanized: space', 'romanizedFirstName', 'Mary Ann', null],
    ['romanized: full-width letters', 'romanizedLastName', 'Ｙａｍａｄａ', null],
    ['romanized: 50 letters', 'romanizedLastName', 'a'.repeat(50), null],
    ['romanized: 51 letters', 'romanizedLastName', 'a'.repeat(51), 'invalidRomanizedName'],
    ['romanized: kana', 'romanizedLastName', 'やまだ', 'invalidRomanizedName'],
    ['romanized: digits', 'romanizedLastName', 'Yamada2', 'invalidRomanizedName'],
    ['romanized: hyphen', 'romanizedLastName', 'Smith-Jones', 'invalidRomanizedName'],
    ['romanized: accented letter', 'romanizedLastName', 'Ōno', 'invalidRomanizedName'],
    ['romanized: two separators in a row', 'romanizedFirstName', 'Mary  Ann', 'invalidRomanizedName'],
    ['romanized: starts with a separator', 'romanizedFirstName', '.Ann', 'invalidRomanizedName'],
    ['romanized: ends with a separator', 'romanizedFirstName', "Ann'", 'invalidRomanizedName'],
  ])('%s', (_rule, path, value, expected) => {
    expect(issueFor({ [path]: value }, path)).toBe(expected);
  });

  it('normalises what the API stores', () => {
    const output = v.parse(addressPayloadSchema, {
      ...valid,
      lastName: ' 山田 ',
      romanizedLastName: ' Ｙａｍａｄａ ',
      addressZip: '１０４００６１',
      buildingName: '   ',
      phoneNumber: ' ０９０ー１２３４ー５６７８ ',
    });
    expect(output).toMatchObject({
      lastName: '山田',
      romanizedLastName: 'Yamada',
      addressZip: '104-0061',
      buildingName: null,
      phoneNumber: '090-1234-5678',
    });
  });

  it('reports every field of an empty form', () => {
    const result = v.safeParse(addressPayloadSchema, {}, { abortPipeEarly: true });
    const paths = result.issues?.map((issue) => v.getDotPath(issue));
    expect(paths).toEqual(Object.keys(valid).filter((key) => key !== 'buildingName'));
  });
});

describe('prefectures', () => {
  it('lists the 47 in the official order, 北海道 to 沖縄県', () => {
    expect(PREFECTURES).toHaveLength(47);
    expect(new Set(PREFECTURES).size).toBe(47);
    expect([PREFECTURES[0], PREFECTURES[12], PREFECTURES[26], PREFECTURES[46]]).toEqual(['北海道', '東京都', '大阪府', '沖縄県']);
  });
});

describe('helpers', () => {
  it.each([
    ['123-4567', '1234567'],
    ['1234567', '1234567'],
    [' １２３ー４５６７ ', '1234567'],
    ['123-456', null],
    ['', null],
  ])('postalCodeDigits(%j) → %j', (input, expected) => {
    expect(postalCodeDigits(input)).toBe(expected);
  });

  it('accepts only half-width phone numbers itself (the schema converts first)', () => {
    expect(isPhoneNumber('03-1234-5678')).toBe(true);
    expect(isPhoneNumber('０３-1234-5678')).toBe(false);
  });

  it('fills the form from a stored address, the building name as text', () => {
    expect(toFormValues(storedAddress())).toEqual({ ...valid, buildingName: '' });
    expect(toFormValues().lastName).toBe('');
  });
});
