import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { durationBounds } from './audience-rules.ts';
import { audienceSchema, parseDateRange } from './audience.ts';

// Who the filters pick is the SQL's to say, and its rule table is api/features/mass-mail/audience-rule.test.ts;
// here are the pure pieces that SQL is given: the form's fields, date ranges and duration bounds.
describe('mass-mail audience fields (product decision 9)', () => {
  it('reads date ranges', () => {
    expect(parseDateRange('')).toBeNull();
    expect(parseDateRange('2026-01-01 ~ 2026-01-31')).toEqual({ from: '2026-01-01', to: '2026-01-31' });
    expect(parseDateRange('2026-02-01~2026-01-01')).toBe('invalid');
    expect(parseDateRange('2026-02-30~2026-03-01')).toBe('invalid');
  });

  it('bounds durations by months in Japan', () => {
    expect(durationBounds('', '2026-11-23')).toEqual({});
    expect(durationBounds('1', '2026-11-23')).toEqual({ after: '2026-10-23' });
    expect(durationBounds('3', '2026-11-23')).toEqual({ after: '2026-08-23', until: '2026-10-23' });
    expect(durationBounds('6', '2026-11-23')).toEqual({ after: '2026-05-23', until: '2026-08-23' });
    expect(durationBounds('over', '2026-11-23')).toEqual({ until: '2026-05-23' });
    // A month back from the 31st is the last day of the shorter month.
    expect(durationBounds('1', '2026-03-31')).toEqual({ after: '2026-02-28' });
  });

  it('reads the form: defaults, a number of lessons as a string, flags as strings', () => {
    expect(v.parse(audienceSchema, {})).toMatchObject({ selectList: 'all', dateRangeText: '', selectDuration: '', selectNumber: '', eventCheck: false, mailTest: false });
    expect(v.parse(audienceSchema, { selectNumber: 30, eventCheck: 'true' })).toMatchObject({ selectNumber: '30', eventCheck: true });
  });
});
