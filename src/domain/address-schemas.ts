import * as v from 'valibot';

/**
 * Delivery addresses (public spec §3, §5; member spec §2, §5), shared by the address form and the
 * API. Every message is a key of src/i18n/ja.ts. What the schema outputs is what the API stores.
 */

/** The 47 prefectures in the official order (JIS X 0401 codes 01 to 47). */
export const PREFECTURES = [
  '北海道', '青森県', '岩手県', '宮城県', '秋田県', '山形県', '福島県',
  '茨城県', '栃木県', '群馬県', '埼玉県', '千葉県', '東京都', '神奈川県',
  '新潟県', '富山県', '石川県', '福井県', '山梨県', '長野県', '岐阜県', '静岡県', '愛知県',
  '三重県', '滋賀県', '京都府', '大阪府', '兵庫県', '奈良県', '和歌山県',
  '鳥取県', '島根県', '岡山県', '広島県', '山口県',
  '徳島県', '香川県', '愛媛県', '高知県',
  '福岡県', '佐賀県', '長崎県', '熊本県', '大分県', '宮崎県', '鹿児島県', '沖縄県',
] as const;
export type Prefecture = (typeof PREFECTURES)[number];

/** How many addresses one member may keep (docs/decisions/0013). */
export const ADDRESS_LIMIT = 20;

const MAX_NAME = 50;
const MAX_ROMANIZED = 50;
const MAX_ADDRESS_PART = 100;

/** Dashes a Japanese keyboard or IME produces instead of a hyphen (ー, －, ‐, –, —, −, ｰ). */
const DASHES = /[\u2010-\u2015\u2212\u30fc\uff0d\uff70]/g;

/** Full-width digits, letters and ＋ become half-width (NFKC); every dash becomes a hyphen. */
export function toHalfWidth(value: string): string {
  return value.normalize('NFKC').replace(DASHES, '-').trim();
}

/** Three digits, an optional hyphen or space, four digits. */
const POSTAL_CODE = /^(\d{3})[- ]?(\d{4})$/;

/** The seven digits of a postal code as people type it (１２３ー４５６７ too), or null. */
export function postalCodeDigits(value: string): string | null {
  const match = POSTAL_CODE.exec(toHalfWidth(value));
  return match ? `${match[1]}${match[2]}` : null;
}

/**
 * Phone numbers, after toHalfWidth. Separators (a hyphen or a space) are optional between groups.
 * - Domestic: 2–4 digit area, 2–4 digits, 3–4 digits, 10 or 11 digits in all:
 *   03-1234-5678, 090-1234-5678, 0120-123-456, 1234-56-7890 (the spec's example), 09012345678.
 * - International: + and a 1–3 digit country code, then 1–4, 2–4 and 3–4 digit groups, 10 to 14
 *   digits in all with the country code: +81-90-1234-5678, +81 3 1234 5678.
 * The spec's "2-3 digit area, 3-4 digits" does not fit its own example (4-2-4) nor toll-free
 * numbers (4-3-3), so group sizes are looser and the digit count keeps nonsense out.
 */
const DOMESTIC_PHONE = /^\d{2,4}[- ]?\d{2,4}[- ]?\d{3,4}$/;
const INTERNATIONAL_PHONE = /^\+\d{1,3}[- ]?\d{1,4}[- ]?\d{2,4}[- ]?\d{3,4}$/;

/** Whether a (half-width) phone number has one of the accepted shapes. */
export function isPhoneNumber(value: string): boolean {
  const digits = value.replace(/\D/g, '').length;
  if (value.startsWith('+')) return INTERNATIONAL_PHONE.test(value) && digits >= 10 && digits <= 14;
  return DOMESTIC_PHONE.test(value) && digits >= 10 && digits <= 11;
}

/** Latin letters; words joined by one apostrophe, underscore, dot or space (Yamada, O'Neil, Mary Ann). */
export const ROMANIZED_NAME = /^[A-Za-z]+(?:['_. ][A-Za-z]+)*$/;

const requiredText = (max: number) =>
  v.pipe(v.string('thisFieldIsRequired'), v.trim(), v.nonEmpty('thisFieldIsRequired'), v.maxLength(max, 'tooLong'));

const romanizedNameSchema = v.pipe(
  v.string('thisFieldIsRequired'),
  v.transform(toHalfWidth),
  v.nonEmpty('thisFieldIsRequired'),
  v.maxLength(MAX_ROMANIZED, 'invalidRomanizedName'),
  v.regex(ROMANIZED_NAME, 'invalidRomanizedName'),
);

/** Stored as 123-4567, whatever was typed. */
const postalCodeSchema = v.pipe(
  v.string('thisFieldIsRequired'),
  v.transform(toHalfWidth),
  v.nonEmpty('thisFieldIsRequired'),
  v.check((value) => postalCodeDigits(value) !== null, 'invalidPostalCode'),
  v.transform((value) => postalCodeDigits(value)!.replace(/^(\d{3})/, '$1-')),
);

/** Only a hand-made request can send something the <select> does not offer: badRequest. */
const prefectureSchema = v.pipe(
  v.string('thisFieldIsRequired'),
  v.trim(),
  v.nonEmpty('thisFieldIsRequired'),
  v.check((value) => (PREFECTURES as readonly string[]).includes(value), 'badRequest'),
  v.transform((value) => value as Prefecture),
);

const phoneSchema = v.pipe(
  v.string('thisFieldIsRequired'),
  v.transform(toHalfWidth),
  v.nonEmpty('thisFieldIsRequired'),
  v.check(isPhoneNumber, 'invalidPhoneNumber'),
);

/** Optional: missing, null, '' and blanks are all stored as null. */
const buildingNameSchema = v.pipe(
  v.nullish(v.string('badRequest'), ''),
  v.trim(),
  v.maxLength(MAX_ADDRESS_PART, 'tooLong'),
  v.transform((value) => (value === '' ? null : value)),
);

/** POST /api/v2/addresses and PUT /api/v2/addresses/{id}; also the address form. */
export const addressPayloadSchema = v.object({
  lastName: requiredText(MAX_NAME),
  firstName: requiredText(MAX_NAME),
  romanizedLastName: romanizedNameSchema,
  romanizedFirstName: romanizedNameSchema,
  addressZip: postalCodeSchema,
  addressState: prefectureSchema,
  addressCity: requiredText(MAX_ADDRESS_PART),
  addressDetails: requiredText(MAX_ADDRESS_PART),
  buildingName: buildingNameSchema,
  phoneNumber: phoneSchema,
});
/** What the form holds and a client sends. */
export type AddressFormValues = v.InferInput<typeof addressPayloadSchema>;
/** What the API stores, normalised. */
export type AddressPayload = v.InferOutput<typeof addressPayloadSchema>;

/** POST /api/v2/select-address */
/** GET /api/v2/postal-codes/:zip, the segment as typed (１２３ー４５６７ too): its seven digits. */
export const postalCodeParams = v.object({
  zip: v.pipe(v.string('invalidPostalCode'), v.transform((zip) => postalCodeDigits(zip) ?? ''), v.regex(/^\d{7}$/, 'invalidPostalCode')),
});

/** The id in canonical (lower-case) form: an upper-case copy of the selected id is the selected id. */
export const selectAddressSchema = v.object({
  id: v.pipe(v.string('thisFieldIsRequired'), v.trim(), v.nonEmpty('thisFieldIsRequired'), v.toLowerCase(), v.maxLength(100, 'notFound')),
});

/** The stored shape the API answers with (the spec's snake_case fields). */
export interface StoredAddress {
  id: string;
  last_name: string;
  first_name: string;
  furigana_sei: string;
  furigana_mei: string;
  address_zip: string;
  address_state: string;
  address_city: string;
  address_line: string;
  address_line2: string | null;
  phone: string;
}

/** GET /api/v2/addresses */
export interface AddressList {
  status: 'success';
  data: StoredAddress[];
  selected_address: StoredAddress | null;
}

/** GET /api/v2/postal-codes/{zip7} */
export interface PostalCodePlace {
  prefecture: string;
  city: string;
  town: string;
}
export interface PostalCodeLookup extends PostalCodePlace {
  candidates: PostalCodePlace[];
}

/** The form's values for a stored address (editing), or an empty form (adding). */
export function toFormValues(address?: StoredAddress): AddressFormValues {
  return {
    lastName: address?.last_name ?? '',
    firstName: address?.first_name ?? '',
    romanizedLastName: address?.furigana_sei ?? '',
    romanizedFirstName: address?.furigana_mei ?? '',
    addressZip: address?.address_zip ?? '',
    addressState: address?.address_state ?? '',
    addressCity: address?.address_city ?? '',
    addressDetails: address?.address_line ?? '',
    buildingName: address?.address_line2 ?? '',
    phoneNumber: address?.phone ?? '',
  };
}
