import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { addBusinessDays, businessDaysBetween, isBusinessDay, replyClock } from './business-days.ts';

const day = (iso: string) => Temporal.PlainDate.from(iso);

describe('isBusinessDay', () => {
  it.each([
    ['2026-05-01', true, 'Friday between the Golden Week holidays'],
    ['2026-05-02', false, 'Saturday'],
    ['2026-05-04', false, 'みどりの日'],
    ['2026-05-05', false, 'こどもの日'],
    ['2026-05-06', false, '振替休日 (憲法記念日 fell on a Sunday)'],
    ['2026-05-07', true, 'the Thursday after Golden Week'],
    ['2026-04-29', false, '昭和の日'],
    ['2026-12-31', true, 'New Year’s Eve is not a public holiday'],
    ['2027-01-01', false, '元日'],
    ['2027-01-11', false, '成人の日'],
    ['2028-01-01', false, '元日 on a Saturday'],
    ['2026-09-22', false, '国民の休日 between 敬老の日 and 秋分の日'],
    ['2027-11-23', false, '勤労感謝の日'],
    ['2028-05-03', false, '憲法記念日 2028'],
    ['2026-11-26', true, 'an ordinary Thursday'],
  ])('%s → %s (%s)', (date, expected) => {
    expect(isBusinessDay(day(date))).toBe(expected);
  });
});

describe('addBusinessDays', () => {
  it.each([
    ['2026-11-23', 3, '2026-11-26', 'Monday (勤労感謝の日) + 3 → Thursday'],
    ['2026-11-20', 3, '2026-11-26', 'Friday: the holiday Monday is skipped'],
    ['2026-04-30', 3, '2026-05-08', 'Golden Week 2026: Fri 1 May, then Thu 7, Fri 8'],
    ['2026-05-01', 3, '2026-05-11', 'Golden Week 2026 from its Friday: Thu 7, Fri 8, Mon 11'],
    ['2026-05-02', 3, '2026-05-11', 'Saturday in Golden Week'],
    ['2027-04-28', 3, '2027-05-07', 'Golden Week 2027: 29 Apr, 3-5 May are holidays'],
    ['2026-12-30', 3, '2027-01-05', 'New Year: 31 Dec works, 1 Jan does not, then the weekend'],
    ['2027-12-29', 3, '2028-01-03', 'New Year 2028: 1 Jan is a Saturday, 3 Jan is no public holiday'],
    ['2027-01-08', 1, '2027-01-12', 'Friday before 成人の日'],
  ])('%s + %i → %s (%s)', (from, n, expected) => {
    expect(addBusinessDays(day(from), n).toString()).toBe(expected);
  });
});

describe('businessDaysBetween', () => {
  it.each([
    ['2026-04-30', '2026-05-07', 2],
    ['2026-05-01', '2026-05-06', 0],
    ['2026-12-28', '2027-01-04', 4],
    ['2026-11-26', '2026-11-26', 0],
    ['2026-11-27', '2026-11-26', 0],
  ])('%s → %s: %i', (from, to, expected) => {
    expect(businessDaysBetween(day(from), day(to))).toBe(expected);
  });
});

describe('replyClock (3 business days, Japan time)', () => {
  it.each([
    // arrived (UTC instant), now, due, waiting, overdue
    ['2026-04-30T01:00:00Z', '2026-05-08T14:59:59Z', '2026-05-08', 3, false, 'still the due day at 23:59:59 JST'],
    ['2026-04-30T01:00:00Z', '2026-05-08T15:00:00Z', '2026-05-08', 3, true, 'overdue from midnight JST'],
    ['2026-04-30T15:30:00Z', '2026-05-08T15:00:00Z', '2026-05-11', 2, false, '00:30 JST on 1 May counts from 1 May'],
    ['2026-12-30T03:00:00Z', '2027-01-04T03:00:00Z', '2027-01-05', 2, false, 'across the New Year'],
    ['2026-12-30T03:00:00Z', '2027-01-06T03:00:00Z', '2027-01-05', 4, true, 'after the New Year'],
  ])('%s at %s', (arrived, now, dueDate, businessDaysWaiting, overdue) => {
    expect(replyClock(new Date(arrived), new Date(now))).toEqual({ dueDate, businessDaysWaiting, overdue });
  });
});
