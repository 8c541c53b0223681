import type { ContractMonths, Frequency, PackageContent, PackageType, SubscriptionType } from '../../src/domain/plans/types.ts';

/**
 * The catalogue the database is seeded with. The 12-month original plan carries the spec's
 * monthly prices (3,500 / 5,180 / 5,480 / 9,480 yen before tax); every other figure is chosen
 * here and recorded in docs/decisions/0011-plan-catalogue.md. All amounts include 10% tax.
 */
export interface SeedProduct {
  id: string;
  name: string;
  price: number;
  frequency: Frequency | null;
}

export interface SeedOption {
  productId: string;
  optionId: string;
  name: string;
  packageType: PackageType;
  subscriptionType: SubscriptionType;
  packageContent: PackageContent | null;
  price: number;
  originalPrice: number;
  optionPrice: number;
  textbook: boolean;
  preDiscountPrice: number | null;
  contractMonth: ContractMonths;
  safetyPlanPrice: number | null;
}

const withTax = (beforeTax: number) => Math.round(beforeTax * 1.1);
const BOOK_PRICE = withTax(2_000);
const SAFETY_PLAN = withTax(500);

const lessonCounts = [4, 8, 30, 60] as const;
const frequencyOf = { 4: 'fourLessonsPerMonth', 8: 'eightLessonsPerMonth', 30: 'thirtyLessonsPerMonth', 60: 'sixtyLessonsPerMonth' } as const;

/** Monthly prices before tax, per lesson count. */
const original = {
  monthly: { 4: 4_200, 8: 5_800, 30: 5_930, 60: 11_380 },
  threeMonths: { 4: 3_850, 8: 5_500, 30: 5_700, 60: 10_430 },
  twelveMonths: { 4: 3_500, 8: 5_180, 30: 5_480, 60: 9_480 },
} as const;
const kids = { 4: 3_000, 8: 4_300, 30: 5_100, 60: 8_600 } as const;
const family = { 30: 10_000, 60: 12_000 } as const;
/** Adult plans: contract totals before tax. */
const adult = {
  hawaii: { threeMonths: { 4: 13_500, 8: 18_000, 30: 18_900, 60: 32_400 }, twelveMonths: { 4: 48_000, 8: 63_000, 30: 66_000, 60: 114_000 } },
  business: { threeMonths: { 4: 15_000, 8: 19_800, 30: 20_700, 60: 35_100 }, twelveMonths: { 4: 50_000, 8: 69_000, 30: 72_000, 60: 124_000 } },
} as const;

/**
 * Reference prices (通常価格) behind the spec's badges, set so each badge states the true
 * discount: a test checks every badge against them.
 */
const badgeReferences: Record<number, number> = { 13_200: 15_530, 16_500: 17_010, 55_000: 59_140 };

const periodLabel = { monthly: '1か月', threeMonths: '3か月', twelveMonths: '12か月' } as const;
const months = { monthly: 1, threeMonths: 3, twelveMonths: 12 } as const;

export const seedProducts: SeedProduct[] = [
  ...lessonCounts.map((n) => ({ id: `lessons-${n}`, name: `オンラインレッスン 月${n}回`, price: withTax(original.twelveMonths[n]), frequency: frequencyOf[n] })),
  ...(['hawaii', 'business'] as const).flatMap((content) =>
    lessonCounts.map((n) => ({
      id: `adult-${content}-${n}`,
      name: `おとな Edge ${content === 'hawaii' ? 'Hawaii' : 'Business'} 月${n}回`,
      price: Math.round(withTax(adult[content].twelveMonths[n]) / 12),
      frequency: frequencyOf[n],
    })),
  ),
  { id: 'esatj', name: 'Musio ESAT-J', price: withTax(3_000), frequency: null },
];

function originalOptions(): SeedOption[] {
  const ids = { monthly: 'ME_Plan_1', threeMonths: 'ME_Plan_2', twelveMonths: 'ME_Plan_3' } as const;
  return lessonCounts.flatMap((n) =>
    (['monthly', 'threeMonths', 'twelveMonths'] as const).map((period) => {
      const price = withTax(original[period][n]);
      const monthlyPlan = withTax(original.monthly[n]);
      return {
        productId: `lessons-${n}`,
        optionId: ids[period],
        name: `ベーシックプラン ${periodLabel[period]} 月${n}回`,
        packageType: 'original' as const,
        subscriptionType: period,
        packageContent: null,
        price,
        originalPrice: price,
        optionPrice: 0,
        textbook: false,
        preDiscountPrice: period === 'monthly' ? null : monthlyPlan,
        contractMonth: months[period],
        safetyPlanPrice: null,
      };
    }),
  );
}

function kidsOptions(): SeedOption[] {
  return lessonCounts.map((n) => {
    const price = withTax(kids[n]);
    return {
      productId: `lessons-${n}`,
      optionId: 'ME_Plan_3_1',
      name: `キッズプラン 12か月 月${n}回`,
      packageType: 'kids' as const,
      subscriptionType: 'twelveMonths' as const,
      packageContent: null,
      price,
      originalPrice: price,
      optionPrice: BOOK_PRICE,
      textbook: true,
      preDiscountPrice: withTax(original.monthly[n]),
      contractMonth: 12 as const,
      safetyPlanPrice: null,
    };
  });
}

function familyOptions(): SeedOption[] {
  const contents = [
    ['ME_Plan_3_2_1', 'familyPackageContentEdgeHawaii', 'Edge Hawaii'],
    ['ME_Plan_3_2_2', 'familyPackageContentEdgeBusiness', 'Edge Business'],
    ['ME_Plan_3_2_3', 'familyPackageContentEdgeNhk', 'NHK'],
  ] as const;
  return ([30, 60] as const).flatMap((n) =>
    contents.map(([optionId, content, label]) => {
      const price = withTax(family[n]);
      return {
        productId: `lessons-${n}`,
        optionId,
        name: `ファミリープラン ${label} 12か月 月${n}回`,
        packageType: 'family' as const,
        subscriptionType: 'twelveMonths' as const,
        packageContent: content,
        price,
        originalPrice: price,
        optionPrice: BOOK_PRICE,
        textbook: true,
        preDiscountPrice: badgeReferences[price] ?? null,
        contractMonth: 12 as const,
        safetyPlanPrice: null,
      };
    }),
  );
}

function adultOptions(): SeedOption[] {
  return (['hawaii', 'business'] as const).flatMap((content) =>
    lessonCounts.flatMap((n) =>
      (['threeMonths', 'twelveMonths'] as const).map((period) => {
        const total = withTax(adult[content][period][n]);
        return {
          productId: `adult-${content}-${n}`,
          optionId: `adult_${content}_${n}`,
          name: `おとなプラン Edge ${content === 'hawaii' ? 'Hawaii' : 'Business'} ${periodLabel[period]} 月${n}回`,
          packageType: 'adult' as const,
          subscriptionType: period,
          packageContent: content === 'hawaii' ? ('adultPackageContentEdgeHawaii' as const) : ('adultPackageContentEdgeBusiness' as const),
          price: total,
          originalPrice: Math.round(total / months[period]),
          optionPrice: 0,
          textbook: false,
          preDiscountPrice: badgeReferences[total] ?? null,
          contractMonth: months[period],
          safetyPlanPrice: null,
        };
      }),
    ),
  );
}

function esatjOptions(): SeedOption[] {
  const plans = [
    ['standard', 'monthly', 3_600],
    ['standard', 'threeMonths', 3_400],
    ['standard', 'twelveMonths', 3_000],
    ['ipad', 'monthly', 5_400],
    ['ipad', 'threeMonths', 5_200],
    ['ipad', 'twelveMonths', 4_800],
  ] as const;
  return plans.map(([device, period, beforeTax], index) => {
    const price = withTax(beforeTax);
    return {
      productId: 'esatj',
      optionId: `ESAT-J_Plan_${index + 1}`,
      name: `Musio ESAT-J ${device === 'ipad' ? 'タブレットレンタル' : 'スタンダード'} ${periodLabel[period]}`,
      packageType: device,
      subscriptionType: period,
      packageContent: null,
      price,
      originalPrice: price,
      optionPrice: BOOK_PRICE,
      textbook: true,
      preDiscountPrice: period === 'monthly' ? null : withTax(device === 'ipad' ? 5_400 : 3_600),
      contractMonth: months[period],
      safetyPlanPrice: device === 'ipad' ? SAFETY_PLAN : null,
    };
  });
}

export const seedOptions: SeedOption[] = [...originalOptions(), ...kidsOptions(), ...familyOptions(), ...adultOptions(), ...esatjOptions()];
