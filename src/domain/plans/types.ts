/** The vocabulary of plan selection (spec, public site §3). */
export const categories = ['kodomo', 'otona', 'esatj'] as const;
export type Category = (typeof categories)[number];

export const packageTypes = ['original', 'kids', 'family', 'adult', 'standard', 'ipad'] as const;
export type PackageType = (typeof packageTypes)[number];

export const subscriptionTypes = ['monthly', 'threeMonths', 'twelveMonths'] as const;
export type SubscriptionType = (typeof subscriptionTypes)[number];

/** A contract's length in months: monthly, three months or twelve months (the schema's check allows these only). */
export type ContractMonths = 1 | 3 | 12;

export const frequencies = ['fourLessonsPerMonth', 'eightLessonsPerMonth', 'thirtyLessonsPerMonth', 'sixtyLessonsPerMonth'] as const;
export type Frequency = (typeof frequencies)[number];

export const adultContents = ['adultPackageContentEdgeHawaii', 'adultPackageContentEdgeBusiness'] as const;
export type AdultContent = (typeof adultContents)[number];

export const familyContents = ['familyPackageContentEdgeHawaii', 'familyPackageContentEdgeBusiness', 'familyPackageContentEdgeNhk'] as const;
export type FamilyContent = (typeof familyContents)[number];

export type PackageContent = AdultContent | FamilyContent;
export const packageContents = [...adultContents, ...familyContents] as const;

/** Optional textbooks: NEW CROWN, Connect, or none (選択しない). Both books together are allowed. */
export const bookChoices = ['newCrown', 'connect', 'none'] as const;
export type BookChoice = (typeof bookChoices)[number];

/** One option item of the catalogue, as GET /api/v2/products returns it (field names from the spec). */
export interface OptionItem {
  id: string;
  name: string;
  price: number;
  textbook: boolean;
  product_id: string;
  original_price: number;
  option_price: number;
  pre_discount_price: number | null;
  discount_rate: number | null;
  price_change: number | null;
  contract_month: ContractMonths;
  package_type: PackageType;
  subscription_type: SubscriptionType;
  package_content: PackageContent | null;
  safety_plan_price: number | null;
}

export interface Product {
  id: string;
  name: string;
  price: number;
  frequency: Frequency | null;
  option: { items: OptionItem[] };
}

/** What the person has picked so far; undefined until a step is answered. */
export interface PlanSelection {
  category?: Category;
  packageType?: PackageType;
  subscriptionType?: SubscriptionType;
  frequency?: Frequency;
  packageContent?: PackageContent;
  books: BookChoice[];
  safetyPlan?: boolean;
}

/** The selected product of the spec (§3), plus what the order needs. */
export interface SelectedProduct {
  packageName: PackageType;
  subscriptionType: SubscriptionType;
  frequency: Frequency | null;
  familyPackageContent: FamilyContent | null;
  productId: string;
  optionId: string;
}
