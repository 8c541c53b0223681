/**
 * The one way dates are shown: Japanese calendar days in Asia/Tokyo. A `YYYY-MM-DD` business date
 * is already a day in Japan; an instant (Date, or unix seconds from the API) is converted.
 */
const dayFormat = new Intl.DateTimeFormat('ja-JP', { timeZone: 'Asia/Tokyo', year: 'numeric', month: 'long', day: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat('ja-JP', { timeZone: 'Asia/Tokyo', year: 'numeric', month: 'long', day: 'numeric', hour: '2-digit', minute: '2-digit' });

/** 「2026年11月22日」 from YYYY-MM-DD, a Date, or unix seconds. */
export function formatDate(value: string | Date | number): string {
  if (typeof value === 'string') {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    if (match) return `${Number(match[1])}年${Number(match[2])}月${Number(match[3])}日`;
    return dayFormat.format(new Date(value));
  }
  return dayFormat.format(typeof value === 'number' ? new Date(value * 1000) : value);
}

/** 「2026年11月22日 14:05」 for an instant. */
export function formatDateTime(value: string | Date): string {
  return dateTimeFormat.format(typeof value === 'string' ? new Date(value) : value);
}

const numericDateTime = new Intl.DateTimeFormat('ja-JP', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });
const numericDate = new Intl.DateTimeFormat('ja-JP', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit', day: '2-digit' });

/** 「2026/11/22 14:05」 for tables (staff screens), Japan time. */
export function formatNumericDateTime(value: string | Date): string {
  return numericDateTime.format(typeof value === 'string' ? new Date(value) : value);
}

/** 「2026/11/22」 for tables, Japan time. */
export function formatNumericDate(value: string | Date): string {
  return numericDate.format(typeof value === 'string' ? new Date(value) : value);
}
