/** Marketing blocks usable as sections of landing pages and plan pages (besides their own sections). */
export const MARKETING_BLOCK_TYPES = [
  'basicPlanBlock',
  'kidsPlanBlock',
  'familyPlanBlock',
  'adultPlansBlock',
  'esatjFeaturesBlock',
  'eventBanner',
  'optionalTextbookBlock',
] as const
