import { Temporal } from 'temporal-polyfill';

/**
 * Business dates (product decision 13): every date the service talks about — a shipping day, a trial end,
 * a period start, a retry day — is a calendar day in Japan, computed with Temporal, never with
 * `Date` arithmetic. Dates travel as `YYYY-MM-DD` strings.
 */
export const TIME_ZONE = 'Asia/Tokyo';

export type IsoDate = string;

/** The calendar day in Japan at an instant. */
export function tokyoDate(instant: Date): Temporal.PlainDate {
  return Temporal.Instant.fromEpochMilliseconds(instant.getTime()).toZonedDateTimeISO(TIME_ZONE).toPlainDate();
}

/** Today in Japan, as YYYY-MM-DD. */
export function tokyoToday(instant: Date): IsoDate {
  return tokyoDate(instant).toString();
}

/** The instant a Japanese calendar day begins (00:00 JST). */
export function startOfTokyoDay(date: IsoDate): Date {
  return new Date(Temporal.PlainDate.from(date).toZonedDateTime({ timeZone: TIME_ZONE }).epochMilliseconds);
}

/** A day plus (or minus) whole days. */
export function addDays(date: IsoDate, days: number): IsoDate {
  return Temporal.PlainDate.from(date).add({ days }).toString();
}

/**
 * The start of period `n` of a contract billed every `months` months from `anchor`. Always counted
 * from the anchor, so a month end stays a month end: Jan 31 → Feb 28 (29) → Mar 31 → Apr 30.
 */
export function periodStart(anchor: IsoDate, months: number, n: number): IsoDate {
  const key = `${anchor}|${months * n}`;
  let start = periodStarts.get(key);
  if (start === undefined) {
    start = Temporal.PlainDate.from(anchor).add({ months: months * n }, { overflow: 'constrain' }).toString();
    // The clock asks this for every subscription it looks at, and the Temporal polyfill is slow; few distinct answers.
    if (periodStarts.size >= 10_000) periodStarts.clear();
    periodStarts.set(key, start);
  }
  return start;
}
const periodStarts = new Map<string, IsoDate>();

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return Temporal.PlainDate.from(from).until(Temporal.PlainDate.from(to), { largestUnit: 'days' }).days;
}

/** a < b, a ≤ b … for YYYY-MM-DD strings (which sort as text). */
export function isBefore(a: IsoDate, b: IsoDate): boolean {
  if (!isoShape.test(a) || !isoShape.test(b)) throw new RangeError(`not a YYYY-MM-DD day: ${a} / ${b}`);
  return a < b;
}
const isoShape = /^\d{4}-\d{2}-\d{2}$/;

export function isOnOrAfter(a: IsoDate, b: IsoDate): boolean {
  return !isBefore(a, b);
}

/** Whether a text is a real calendar day written YYYY-MM-DD. */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  try {
    return Temporal.PlainDate.from(value, { overflow: 'reject' }).toString() === value;
  } catch {
    return false;
  }
}

/** The month of a day, YYYY-MM. */
export function monthOf(date: IsoDate): string {
  return date.slice(0, 7);
}
