import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { cancelSchema, hasRequiredConfirmations, kindOfPlanName } from './plan-changes.ts';

describe('the cancel request (spec §2, product decision 17)', () => {
  it.each([
    ['a normal plan needs no confirmations', { plan_name: 'kimini' as const }, true],
    ['ESAT-J: all five ticked', { plan_name: 'esat' as const, confirmations: [true, true, true, true, true] }, true],
    ['ESAT-J: none sent', { plan_name: 'esat' as const }, false],
    ['ESAT-J: four of five', { plan_name: 'esat' as const, confirmations: [true, true, true, true] }, false],
    ['ESAT-J: one unticked', { plan_name: 'esat' as const, confirmations: [true, false, true, true, true] }, false],
    ['ESAT-J: six values', { plan_name: 'esat' as const, confirmations: [true, true, true, true, true, true] }, false],
  ])('%s', (_name, request, expected) => {
    expect(hasRequiredConfirmations(request)).toBe(expected);
  });

  it('maps the spec’s plan names to the kinds of plan', () => {
    expect([kindOfPlanName('kimini'), kindOfPlanName('esat')]).toEqual(['normal', 'esatj']);
  });

  it('takes only the fixed reason codes and a comment of at most 2,000 characters', () => {
    expect(v.safeParse(cancelSchema, { plan_name: 'kimini', reasons: ['price', 'other'], comment: ' ok ' }).output).toMatchObject({ reasons: ['price', 'other'], comment: 'ok' });
    expect(v.safeParse(cancelSchema, { plan_name: 'kimini', reasons: ['bored'] }).success).toBe(false);
    expect(v.safeParse(cancelSchema, { plan_name: 'kimini', comment: 'x'.repeat(2001) }).success).toBe(false);
    expect(v.safeParse(cancelSchema, { plan_name: 'other' }).success).toBe(false);
  });
});
