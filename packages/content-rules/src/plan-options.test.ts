import { describe, expect, it } from 'vitest';
import { PLAN_OPTION_IDS, isPlanOptionId, isPlanOptionIdIn } from './plan-options.ts';

describe('plan option ids (spec public-site-and-signup.md §3)', () => {
  it('lists the 21 ids of the catalogue once each', () => {
    expect(PLAN_OPTION_IDS).toHaveLength(21);
    expect(new Set(PLAN_OPTION_IDS).size).toBe(21);
  });

  it.each([
    ['ME_Plan_1', true],
    ['ME_Plan_3_2_3', true],
    ['adult_business_60', true],
    ['ESAT-J_Plan_6', true],
    ['ME_Plan_4', false],
    ['adult_hawaii_12', false],
    ['esat-j_plan_1', false],
    ['', false],
  ])('%s is an option id: %s', (id, expected) => {
    expect(isPlanOptionId(id)).toBe(expected);
  });

  it.each([
    ['basic', 'ME_Plan_2', true],
    ['basic', 'ME_Plan_3_1', false],
    ['kids', 'ME_Plan_3_1', true],
    ['family', 'ME_Plan_3_2_1', true],
    ['family', 'ME_Plan_3', false],
    ['adult', 'adult_hawaii_8', true],
    ['adultHawaii', 'adult_business_8', false],
    ['adultBusiness', 'adult_business_8', true],
    ['esatj', 'ESAT-J_Plan_3', true],
    ['esatj', 'ME_Plan_1', false],
    ['any', 'ESAT-J_Plan_3', true],
  ] as const)('a %s block may name %s: %s', (group, id, expected) => {
    expect(isPlanOptionIdIn(group, id)).toBe(expected);
  });
});
