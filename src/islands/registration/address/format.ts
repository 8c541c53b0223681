import type { StoredAddress } from '../../../domain/address-schemas.ts';

/** 山田 花子 */
export function recipientName(address: StoredAddress): string {
  return `${address.last_name} ${address.first_name}`;
}

/** Yamada Hanako */
export function romanizedName(address: StoredAddress): string {
  return `${address.furigana_sei} ${address.furigana_mei}`;
}

/** 東京都中央区銀座1-23-456 ミュージオビル 3F: written the way a Japanese address is read. */
export function fullAddress(address: StoredAddress): string {
  const street = `${address.address_state}${address.address_city}${address.address_line}`;
  return address.address_line2 ? `${street} ${address.address_line2}` : street;
}

/** 〒104-0061: the postal mark is how a Japanese postal code is printed, like 円 after a price. */
export function postalCode(address: StoredAddress): string {
  return `〒${address.address_zip}`;
}
