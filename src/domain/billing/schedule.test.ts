import { describe, expect, it } from 'vitest';
import { isHardDecline, isLastRetryNext, lastTrialDay, nextRetryOn, periodNumberOf, periodOf, trialEndsOn, trialReminderOn } from './schedule.ts';

describe('the billing schedule', () => {
  it('the trial runs 7 days from shipping; the first charge is on the 8th day (product decision 7)', () => {
    expect(trialEndsOn('2026-11-22')).toBe('2026-11-29');
    expect(lastTrialDay('2026-11-29')).toBe('2026-11-28');
    expect(trialReminderOn('2026-11-29')).toBe('2026-11-26');
  });

  it('a trial over the month end', () => {
    expect(trialEndsOn('2027-01-28')).toBe('2027-02-04');
  });

  it.each([
    [1, 0, '2026-01-31', '2026-02-28'],
    [1, 1, '2026-02-28', '2026-03-31'],
    [3, 0, '2026-01-31', '2026-04-30'],
    [3, 3, '2026-10-31', '2027-01-31'],
    [12, 0, '2026-01-31', '2027-01-31'],
    [12, 1, '2027-01-31', '2028-01-31'],
  ])('a %i-month contract anchored on Jan 31: period %i runs %s to %s', (months, n, start, end) => {
    expect(periodOf('2026-01-31', months, n)).toEqual({ number: n, start, end });
  });

  it.each([
    [1, '2026-03-02', false],
    [2, '2026-03-04', false],
    [3, '2026-03-06', false],
    [4, '2026-03-08', false],
    [5, '2026-03-11', false],
    [6, '2026-03-15', true],
    [7, undefined, false],
  ])('after %i failure(s) from Mar 1 the next retry is %s (product decision 14: days 1, 3, 5, 7, 10, 14)', (failures, day, lastNext) => {
    expect(nextRetryOn('2026-03-01', failures)).toBe(day);
    expect(isLastRetryNext(failures)).toBe(lastNext);
  });

  it.each([
    ['insufficient_funds', false],
    ['card_declined', false],
    ['generic_decline', false],
    ['processing_error', false],
    ['expired_card', true],
    ['stolen_card', true],
    ['lost_card', true],
    ['authentication_required', true],
    [null, false],
  ])('decline %s is hard (not retried until the card changes): %s', (code, hard) => {
    expect(isHardDecline(code)).toBe(hard);
  });
});

describe('period numbers', () => {
  it.each([
    ['2026-01-31', 1, '2026-01-31', 0],
    ['2026-01-31', 1, '2026-02-28', 1],
    ['2026-01-31', 1, '2026-03-31', 2],
    ['2026-01-31', 12, '2027-01-31', 1],
    ['2026-01-31', 1, '2026-03-15', undefined],
  ])('from %s every %i month(s), %s starts period %s', (anchor, months, start, n) => {
    expect(periodNumberOf(anchor, months, start)).toBe(n);
  });
});
