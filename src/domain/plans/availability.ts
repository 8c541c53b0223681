import type { Category, ContractMonths, Frequency, PackageContent, PackageType, SubscriptionType } from './types.ts';

/**
 * Plan availability (spec §5): which package types a category offers, and which periods,
 * lesson counts and contents each package type has.
 */
const packagesByCategory: Record<Category, PackageType[]> = {
  kodomo: ['original', 'kids', 'family'],
  otona: ['original', 'adult'],
  esatj: ['standard', 'ipad'],
};

const allFrequencies: Frequency[] = ['fourLessonsPerMonth', 'eightLessonsPerMonth', 'thirtyLessonsPerMonth', 'sixtyLessonsPerMonth'];

interface Availability {
  subscriptionTypes: SubscriptionType[];
  frequencies: Frequency[];
  contents: PackageContent[];
}

const availability: Record<PackageType, Availability> = {
  original: { subscriptionTypes: ['monthly', 'threeMonths', 'twelveMonths'], frequencies: allFrequencies, contents: [] },
  kids: { subscriptionTypes: ['twelveMonths'], frequencies: allFrequencies, contents: [] },
  family: {
    subscriptionTypes: ['twelveMonths'],
    frequencies: ['thirtyLessonsPerMonth', 'sixtyLessonsPerMonth'],
    contents: ['familyPackageContentEdgeHawaii', 'familyPackageContentEdgeBusiness', 'familyPackageContentEdgeNhk'],
  },
  adult: {
    subscriptionTypes: ['threeMonths', 'twelveMonths'],
    frequencies: allFrequencies,
    contents: ['adultPackageContentEdgeHawaii', 'adultPackageContentEdgeBusiness'],
  },
  // ESAT-J is app-only (no lessons): the package type is the device option.
  standard: { subscriptionTypes: ['monthly', 'threeMonths', 'twelveMonths'], frequencies: [], contents: [] },
  ipad: { subscriptionTypes: ['monthly', 'threeMonths', 'twelveMonths'], frequencies: [], contents: [] },
};

/** The package types a category offers, in display order. */
export function packageTypesFor(category: Category): PackageType[] {
  return packagesByCategory[category];
}

export function categoryOf(packageType: PackageType): Category {
  return (Object.keys(packagesByCategory) as Category[]).find((category) => packagesByCategory[category].includes(packageType))!;
}

export function subscriptionTypesFor(packageType: PackageType): SubscriptionType[] {
  return availability[packageType].subscriptionTypes;
}

export function frequenciesFor(packageType: PackageType): Frequency[] {
  return availability[packageType].frequencies;
}

export function contentsFor(packageType: PackageType): PackageContent[] {
  return availability[packageType].contents;
}

/** Whether a combination may be sold at all. */
export function isAvailable(choice: { packageType: PackageType; subscriptionType: SubscriptionType; frequency: Frequency | null; content: PackageContent | null }): boolean {
  const rules = availability[choice.packageType];
  if (!rules.subscriptionTypes.includes(choice.subscriptionType)) return false;
  if (rules.frequencies.length ? !choice.frequency || !rules.frequencies.includes(choice.frequency) : choice.frequency !== null) return false;
  if (rules.contents.length ? !choice.content || !rules.contents.includes(choice.content) : choice.content !== null) return false;
  return true;
}

/** Optional textbooks (NEW CROWN, Connect) come with the children's and the ESAT-J plans. */
export function hasTextbooks(packageType: PackageType): boolean {
  return packageType === 'kids' || packageType === 'family' || packageType === 'standard' || packageType === 'ipad';
}

/** The two kinds of plan a member may hold, one of each (spec §1): kids/adult ("normal") and ESAT-J. */
export type PlanKind = 'normal' | 'esatj';

/** ESAT-J (app-only, with workbooks and an optional tablet) is the `standard` and `ipad` packages. */
export function isEsatjPackage(packageType: PackageType): boolean {
  return packageType === 'standard' || packageType === 'ipad';
}

/** The kind of plan a category sells (ESAT-J, or kids/adult). */
export function planKindOfCategory(category: Category): PlanKind {
  return category === 'esatj' ? 'esatj' : 'normal';
}

export function planKindOf(packageType: PackageType): PlanKind {
  return isEsatjPackage(packageType) ? 'esatj' : 'normal';
}

/** The ESAT-J tablet (ipad) is the only package with a safety plan choice. */
export function hasSafetyPlan(packageType: PackageType): boolean {
  return packageType === 'ipad';
}

export const lessonsPerMonth: Record<Frequency, number> = {
  fourLessonsPerMonth: 4,
  eightLessonsPerMonth: 8,
  thirtyLessonsPerMonth: 30,
  sixtyLessonsPerMonth: 60,
};

export function frequencyOfLessons(lessons: number): Frequency | undefined {
  return (Object.keys(lessonsPerMonth) as Frequency[]).find((frequency) => lessonsPerMonth[frequency] === lessons);
}

export const monthsOfSubscription: Record<SubscriptionType, ContractMonths> = { monthly: 1, threeMonths: 3, twelveMonths: 12 };
