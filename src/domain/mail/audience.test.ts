import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { durationBounds, matchesAudience, type AudienceMember } from './audience-rules.ts';
import { audienceSchema, parseDateRange } from './audience.ts';

const today = '2026-11-23';
const member = (overrides: Partial<AudienceMember> = {}): AudienceMember => ({ role: 'member', isTest: false, eventMail: true, signedUpOn: '2026-11-10', plans: [], ...overrides });
const filters = (input: Record<string, unknown>) => v.parse(audienceSchema, input);

describe('mass-mail audience rules (product decision 9)', () => {
  it.each([
    ['all takes a member without a plan', {}, member(), true],
    ['all leaves out test accounts', {}, member({ isTest: true }), false],
    ['all leaves out staff', {}, member({ role: 'staff' }), false],
    ['test takes only test accounts', { selectList: 'test' }, member({ isTest: true }), true],
    ['normal needs a live kids/adult plan', { selectList: 'normal' }, member({ plans: [{ kind: 'esatj', lessons: 4 }] }), false],
    ['esatj takes an ESAT-J plan', { selectList: 'esatj' }, member({ plans: [{ kind: 'esatj', lessons: 4 }] }), true],
    ['date range includes both ends', { dateRangeText: '2026-11-10~2026-11-10' }, member(), true],
    ['date range leaves out the day after', { dateRangeText: '2026-11-01~2026-11-09' }, member(), false],
    ['duration 1: under a month', { selectDuration: '1' }, member({ signedUpOn: '2026-10-24' }), true],
    ['duration 1: a month to the day is not under a month', { selectDuration: '1' }, member({ signedUpOn: '2026-10-23' }), false],
    ['duration 3: a month to the day', { selectDuration: '3' }, member({ signedUpOn: '2026-10-23' }), true],
    ['duration over: six months to the day', { selectDuration: 'over' }, member({ signedUpOn: '2026-05-23' }), true],
    ['lessons: a plan with that many', { selectNumber: '8' }, member({ plans: [{ kind: 'normal', lessons: 8 }] }), true],
    ['lessons: none with that many', { selectNumber: '8' }, member({ plans: [{ kind: 'normal', lessons: 4 }] }), false],
    ['eventCheck leaves out a member without consent', { eventCheck: true }, member({ eventMail: false }), false],
  ])('%s', (_name, input, who, expected) => {
    expect(matchesAudience(who, filters(input), today)).toBe(expected);
  });

  it('reads date ranges', () => {
    expect(parseDateRange('')).toBeNull();
    expect(parseDateRange('2026-01-01 ~ 2026-01-31')).toEqual({ from: '2026-01-01', to: '2026-01-31' });
    expect(parseDateRange('2026-02-01~2026-01-01')).toBe('invalid');
    expect(parseDateRange('2026-02-30~2026-03-01')).toBe('invalid');
  });

  it('bounds durations by months in Japan', () => {
    expect(durationBounds('6', today)).toEqual({ after: '2026-05-23', until: '2026-08-23' });
  });
});
