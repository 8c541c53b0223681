import { describe, expect, it } from 'vitest';
import { categoryOf, contentsFor, frequenciesFor, hasSafetyPlan, isAvailable, packageTypesFor, subscriptionTypesFor } from './availability.ts';
import { adultContents, familyContents, frequencies, packageTypes, subscriptionTypes, type PackageContent, type PackageType } from './types.ts';

describe('the category restricts the package types', () => {
  it.each([
    ['kodomo', ['original', 'kids', 'family']],
    ['otona', ['original', 'adult']],
    ['esatj', ['standard', 'ipad']],
  ] as const)('%s offers %j', (category, types) => {
    expect(packageTypesFor(category)).toEqual(types);
  });

  it.each([
    ['kids', 'kodomo'],
    ['family', 'kodomo'],
    ['adult', 'otona'],
    ['standard', 'esatj'],
    ['ipad', 'esatj'],
  ] as const)('%s belongs to %s', (packageType, category) => {
    expect(categoryOf(packageType)).toBe(category);
  });
});

describe('plan availability (spec §5): one row per package type', () => {
  it.each([
    ['original', ['monthly', 'threeMonths', 'twelveMonths'], [...frequencies], []],
    ['kids', ['twelveMonths'], [...frequencies], []],
    ['family', ['twelveMonths'], ['thirtyLessonsPerMonth', 'sixtyLessonsPerMonth'], [...familyContents]],
    ['adult', ['threeMonths', 'twelveMonths'], [...frequencies], [...adultContents]],
    ['standard', ['monthly', 'threeMonths', 'twelveMonths'], [], []],
    ['ipad', ['monthly', 'threeMonths', 'twelveMonths'], [], []],
  ] as const)('%s: periods %j, lessons %j, contents %j', (packageType, periods, lessons, contents) => {
    expect(subscriptionTypesFor(packageType)).toEqual(periods);
    expect(frequenciesFor(packageType)).toEqual(lessons);
    expect(contentsFor(packageType)).toEqual(contents);
  });

  it('offers the safety plan with the ESAT-J tablet only', () => {
    expect(packageTypes.filter(hasSafetyPlan)).toEqual(['ipad']);
  });
});

/** Every combination of package type, period, lessons and content, allowed or refused. */
const allowed = new Set<string>();
const refused = new Set<string>();
for (const packageType of packageTypes) {
  for (const subscriptionType of subscriptionTypes) {
    for (const frequency of [null, ...frequencies]) {
      for (const content of [null, ...adultContents, ...familyContents] as (PackageContent | null)[]) {
        const key = [packageType, subscriptionType, frequency ?? '-', content ?? '-'].join(' ');
        (isAvailable({ packageType, subscriptionType, frequency, content }) ? allowed : refused).add(key);
      }
    }
  }
}

describe('every combination, allowed or refused', () => {
  const expectedAllowed = (packageType: PackageType) => {
    const periods = subscriptionTypesFor(packageType);
    const lessons = frequenciesFor(packageType);
    const contents = contentsFor(packageType);
    return periods.length * Math.max(lessons.length, 1) * Math.max(contents.length, 1);
  };

  it.each([
    ['original', 3 * 4],
    ['kids', 1 * 4],
    ['family', 1 * 2 * 3],
    ['adult', 2 * 4 * 2],
    ['standard', 3],
    ['ipad', 3],
  ] as const)('%s has %i sellable combinations', (packageType, count) => {
    expect([...allowed].filter((key) => key.startsWith(`${packageType} `))).toHaveLength(count);
    expect(expectedAllowed(packageType)).toBe(count);
  });

  it.each([
    ['kids for 1 month', 'kids monthly fourLessonsPerMonth -'],
    ['kids for 3 months', 'kids threeMonths eightLessonsPerMonth -'],
    ['family with 4 lessons', 'family twelveMonths fourLessonsPerMonth familyPackageContentEdgeNhk'],
    ['family with 8 lessons', 'family twelveMonths eightLessonsPerMonth familyPackageContentEdgeHawaii'],
    ['family without content', 'family twelveMonths thirtyLessonsPerMonth -'],
    ['family for 3 months', 'family threeMonths thirtyLessonsPerMonth familyPackageContentEdgeHawaii'],
    ['adult for 1 month', 'adult monthly fourLessonsPerMonth adultPackageContentEdgeHawaii'],
    ['adult with family content', 'adult twelveMonths fourLessonsPerMonth familyPackageContentEdgeNhk'],
    ['adult without content', 'adult threeMonths eightLessonsPerMonth -'],
    ['original with a content', 'original monthly fourLessonsPerMonth adultPackageContentEdgeHawaii'],
    ['original without lessons', 'original monthly - -'],
    ['ESAT-J with lessons', 'standard monthly fourLessonsPerMonth -'],
    ['ESAT-J tablet with a content', 'ipad twelveMonths - adultPackageContentEdgeBusiness'],
  ])('refuses %s', (_name, key) => {
    expect(refused.has(key)).toBe(true);
  });

  it('allows exactly 44 combinations in all (12 + 4 + 6 + 16 + 3 + 3)', () => {
    expect(allowed.size).toBe(44);
  });
});
