import type { ContractMonths, OptionItem, PackageContent, PackageType, SubscriptionType } from './types.ts';

/** A catalogue option as stored (camelCase columns; the seed has the same fields). */
export interface CatalogueOption {
  optionId: string;
  productId: string;
  name: string;
  price: number;
  textbook: boolean;
  originalPrice: number;
  optionPrice: number;
  preDiscountPrice: number | null;
  discountRate?: number | null;
  priceChange?: number | null;
  contractMonth: ContractMonths;
  packageType: PackageType;
  subscriptionType: SubscriptionType;
  packageContent: PackageContent | null;
  safetyPlanPrice: number | null;
}

/** The spec's option item (snake_case), as GET /api/v2/products answers it. */
export function toOptionItem(option: CatalogueOption): OptionItem {
  return {
    id: option.optionId,
    name: option.name,
    price: option.price,
    textbook: option.textbook,
    product_id: option.productId,
    original_price: option.originalPrice,
    option_price: option.optionPrice,
    pre_discount_price: option.preDiscountPrice,
    discount_rate: option.discountRate ?? null,
    price_change: option.priceChange ?? null,
    contract_month: option.contractMonth,
    package_type: option.packageType,
    subscription_type: option.subscriptionType,
    package_content: option.packageContent,
    safety_plan_price: option.safetyPlanPrice,
  };
}
