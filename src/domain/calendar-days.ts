/**
 * Calendar days as `YYYY-MM-DD` strings, without Temporal: the two operations the browser needs
 * (is it a real day; the day before or after) in a few lines of integer arithmetic on the proleptic
 * Gregorian calendar, so that the console's bundle does not carry the Temporal polyfill (about
 * 19 KB compressed; issue 27). The server's billing rules keep Temporal (billing/dates.ts), and a
 * test holds these two to it for every day of several years.
 */

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

function daysInMonth(year: number, month: number): number {
  return [31, isLeapYear(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;
}

/** Whether the text is a day that exists (2026-02-29 does not). */
export function isCalendarDay(value: string): boolean {
  const match = ISO_DAY.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

// Days since 1970-01-01 and back (H. Hinnant's days_from_civil / civil_from_days).
function dayNumber(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

function fromDayNumber(days: number): string {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** A day plus (or minus) whole days. */
export function shiftCalendarDay(value: string, days: number): string {
  const match = ISO_DAY.exec(value);
  if (!match || !isCalendarDay(value)) throw new RangeError(`not a calendar day: ${value}`);
  return fromDayNumber(dayNumber(Number(match[1]), Number(match[2]), Number(match[3])) + days);
}
