import { Temporal } from 'temporal-polyfill';
import type { IsoDate } from '../billing/dates.ts';
import type { SelectDuration } from './audience.ts';

/**
 * The part of the mass-mail audience rule that counts months back from today (Temporal), for the
 * SQL that picks the audience (api/features/mass-mail/queries.ts, whose rule table is
 * audience-rule.test.ts beside it). Apart from audience.ts so that the console's form, which needs
 * only the fields and the period check, carries no Temporal polyfill (issue 27).
 */

/** The sign-up dates a duration allows, relative to today (Japan): after `after`, on or before `until`. */
export function durationBounds(duration: SelectDuration | '', today: IsoDate): { after?: IsoDate; until?: IsoDate } {
  const monthsAgo = (months: number) => Temporal.PlainDate.from(today).subtract({ months }).toString();
  switch (duration) {
    case '1':
      return { after: monthsAgo(1) };
    case '3':
      return { after: monthsAgo(3), until: monthsAgo(1) };
    case '6':
      return { after: monthsAgo(6), until: monthsAgo(3) };
    case 'over':
      return { until: monthsAgo(6) };
    default:
      return {};
  }
}
