import holidayJp from '@holiday-jp/holiday_jp';
import { Temporal } from 'temporal-polyfill';
import { tokyoDate } from '../billing/dates.ts';

/**
 * The support desk's clock (product decision 31): business days are Monday to Friday in Japan,
 * public holidays (and substitute holidays) excluded, from the maintained data of
 * @holiday-jp/holiday_jp (covers 1970-2050), never a hand-kept list.
 *
 * The promise: the site says an answer comes in 2-3 business days, so a message is overdue once
 * the 3rd business day after the day it arrived has ended (docs/decisions/0039).
 * A message that arrives on a weekend or holiday counts from the next business day like any other.
 */
export const REPLY_PROMISE_BUSINESS_DAYS = 3;

const holidays: Readonly<Record<string, unknown>> = holidayJp.holidays;

/** Whether staff work on this calendar day: a weekday that is not a Japanese public holiday. */
export function isBusinessDay(date: Temporal.PlainDate): boolean {
  return date.dayOfWeek <= 5 && !(date.toString() in holidays);
}

/** The n-th business day after `date` (n ≥ 1; `date` itself never counts). */
export function addBusinessDays(date: Temporal.PlainDate, n: number): Temporal.PlainDate {
  let day = date;
  for (let left = n; left > 0; ) {
    day = day.add({ days: 1 });
    if (isBusinessDay(day)) left -= 1;
  }
  return day;
}

/** Business days that have begun after `from` up to and including `to` (0 when `to` ≤ `from`). */
export function businessDaysBetween(from: Temporal.PlainDate, to: Temporal.PlainDate): number {
  let count = 0;
  for (let day = from.add({ days: 1 }); Temporal.PlainDate.compare(day, to) <= 0; day = day.add({ days: 1 })) {
    if (isBusinessDay(day)) count += 1;
  }
  return count;
}

export interface ReplyClock {
  /** The last day (Japan) on which the answer keeps the promise, YYYY-MM-DD. */
  dueDate: string;
  /** Business days since the message arrived (the day it arrived not counted). */
  businessDaysWaiting: number;
  overdue: boolean;
}

/** Where a sender's unanswered message stands at `now`. */
export function replyClock(waitingSince: Date, now: Date): ReplyClock {
  const arrived = tokyoDate(waitingSince);
  const today = tokyoDate(now);
  const due = addBusinessDays(arrived, REPLY_PROMISE_BUSINESS_DAYS);
  return {
    dueDate: due.toString(),
    businessDaysWaiting: businessDaysBetween(arrived, today),
    overdue: Temporal.PlainDate.compare(today, due) > 0,
  };
}
