import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, isBefore, isIsoDate, periodStart, startOfTokyoDay, tokyoToday } from './dates.ts';

describe('business dates in Japan', () => {
  it.each([
    ['2026-11-21T14:59:59Z', '2026-11-21', 'before midnight in Tokyo'],
    ['2026-11-21T15:00:00Z', '2026-11-22', 'midnight in Tokyo is 15:00 UTC'],
    ['2026-12-31T23:00:00Z', '2027-01-01', 'the new year comes first in Japan'],
  ])('%s is %s in Japan (%s)', (instant, day) => {
    expect(tokyoToday(new Date(instant))).toBe(day);
  });

  it('a Japanese day starts at 00:00 JST', () => {
    expect(startOfTokyoDay('2026-11-22').toISOString()).toBe('2026-11-21T15:00:00.000Z');
  });

  it.each([
    ['2026-01-31', 1, 1, '2026-02-28', 'Jan 31 + 1 month is Feb 28'],
    ['2028-01-31', 1, 1, '2028-02-29', 'in a leap year, Feb 29'],
    ['2026-01-31', 1, 2, '2026-03-31', 'counted from the anchor, the month end comes back'],
    ['2026-01-31', 1, 3, '2026-04-30', 'April has 30 days'],
    ['2026-08-31', 3, 1, '2026-11-30', 'three months from Aug 31'],
    ['2026-11-30', 3, 1, '2027-02-28', 'three months from Nov 30'],
    ['2028-02-29', 12, 1, '2029-02-28', 'a year after Feb 29'],
    ['2028-02-29', 12, 4, '2032-02-29', 'four years after Feb 29'],
    ['2026-05-15', 1, 0, '2026-05-15', 'period 0 starts at the anchor'],
  ])('from %s every %i month(s), period %i starts %s (%s)', (anchor, months, n, start) => {
    expect(periodStart(anchor, months, n)).toBe(start);
  });

  it('adds days and counts them across month and year ends', () => {
    expect(addDays('2026-12-28', 7)).toBe('2027-01-04');
    expect(daysBetween('2026-02-01', '2026-03-01')).toBe(28);
  });

  it.each([
    ['2026-02-28', true],
    ['2026-02-29', false],
    ['2026-2-1', false],
    ['2026-13-01', false],
  ])('%s is a calendar day: %s', (text, ok) => {
    expect(isIsoDate(text)).toBe(ok);
  });

  it.each([
    ['2026-01-31', '2026-02-01', true],
    ['2026-12-31', '2027-01-01', true],
    ['2026-02-28', '2026-02-28', false],
    ['2027-01-01', '2026-12-31', false],
  ])('%s is before %s: %s', (a, b, before) => {
    expect(isBefore(a, b)).toBe(before);
  });

  it('refuses to compare what is not a YYYY-MM-DD day', () => {
    expect(() => isBefore('2026-2-1', '2026-03-01')).toThrow(RangeError);
  });
});
