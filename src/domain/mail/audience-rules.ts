import { Temporal } from 'temporal-polyfill';
import type { IsoDate } from '../billing/dates.ts';
import { parseDateRange, type AudienceFilters, type SelectDuration } from './audience.ts';

/**
 * The mass-mail audience rules that count months back from today (Temporal): the server's (the
 * preview, the send, their parity test). Apart from audience.ts so that the console's form, which
 * needs only the fields and the period check, carries no Temporal polyfill (issue 27).
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

/** What the rules need to know of a member. */
export interface AudienceMember {
  role: 'member' | 'staff' | 'admin';
  isTest: boolean;
  eventMail: boolean;
  /** Sign-up date in Japan. */
  signedUpOn: IsoDate;
  /** Live (not ended) plans: their kind and lessons per month. */
  plans: { kind: 'normal' | 'esatj'; lessons: number }[];
}

/** Whether a member matches the filters (eventCheck included; consent for the send is separate). */
export function matchesAudience(member: AudienceMember, filters: Omit<AudienceFilters, 'mailTitle' | 'mailHtml' | 'mailTest'>, today: IsoDate): boolean {
  if (member.role !== 'member') return false;
  if ((filters.selectList === 'test') !== member.isTest) return false;
  if (filters.selectList === 'normal' && !member.plans.some((plan) => plan.kind === 'normal')) return false;
  if (filters.selectList === 'esatj' && !member.plans.some((plan) => plan.kind === 'esatj')) return false;
  const range = parseDateRange(filters.dateRangeText);
  if (range && range !== 'invalid' && (member.signedUpOn < range.from || member.signedUpOn > range.to)) return false;
  const bounds = durationBounds(filters.selectDuration, today);
  if (bounds.after && !(member.signedUpOn > bounds.after)) return false;
  if (bounds.until && !(member.signedUpOn <= bounds.until)) return false;
  if (filters.selectNumber && !member.plans.some((plan) => plan.lessons === Number(filters.selectNumber))) return false;
  if (filters.eventCheck && !member.eventMail) return false;
  return true;
}
