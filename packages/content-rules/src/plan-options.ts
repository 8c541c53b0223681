/**
 * Every plan option id of the catalogue (spec public-site-and-signup.md §3). Copy names plans by
 * these ids, never by price; the catalogue in the database holds the same ids.
 */
export const PLAN_OPTION_IDS = [
  'ME_Plan_1',
  'ME_Plan_2',
  'ME_Plan_3',
  'ME_Plan_3_1',
  'ME_Plan_3_2_1',
  'ME_Plan_3_2_2',
  'ME_Plan_3_2_3',
  'adult_hawaii_4',
  'adult_hawaii_8',
  'adult_hawaii_30',
  'adult_hawaii_60',
  'adult_business_4',
  'adult_business_8',
  'adult_business_30',
  'adult_business_60',
  'ESAT-J_Plan_1',
  'ESAT-J_Plan_2',
  'ESAT-J_Plan_3',
  'ESAT-J_Plan_4',
  'ESAT-J_Plan_5',
  'ESAT-J_Plan_6',
] as const;

export type PlanOptionId = (typeof PLAN_OPTION_IDS)[number];

export function isPlanOptionId(value: string): value is PlanOptionId {
  return (PLAN_OPTION_IDS as readonly string[]).includes(value);
}

/** Which option ids a marketing block may name (a basic-plan block cannot point at an ESAT-J plan). */
export const PLAN_OPTION_GROUPS = {
  basic: ['ME_Plan_1', 'ME_Plan_2', 'ME_Plan_3'],
  kids: ['ME_Plan_3_1'],
  family: ['ME_Plan_3_2_1', 'ME_Plan_3_2_2', 'ME_Plan_3_2_3'],
  adult: PLAN_OPTION_IDS.filter((id) => id.startsWith('adult_')),
  adultHawaii: PLAN_OPTION_IDS.filter((id) => id.startsWith('adult_hawaii_')),
  adultBusiness: PLAN_OPTION_IDS.filter((id) => id.startsWith('adult_business_')),
  esatj: PLAN_OPTION_IDS.filter((id) => id.startsWith('ESAT-J_')),
  any: PLAN_OPTION_IDS,
} as const satisfies Record<string, readonly PlanOptionId[]>;

export type PlanOptionGroup = keyof typeof PLAN_OPTION_GROUPS;

/** Whether an option id belongs to a group. */
export function isPlanOptionIdIn(group: PlanOptionGroup, value: string): boolean {
  return (PLAN_OPTION_GROUPS[group] as readonly string[]).includes(value);
}
