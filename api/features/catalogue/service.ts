import type { OptionItem } from '../../../src/domain/plans/types.ts';
import type { planOptions } from '../../db/schema/catalogue.ts';

/** Reads and writes other features may use (a feature's queries.ts is its own: lint enforces it). */
export { findPlanOption } from './queries.ts';

/** The fields of a stored plan option the price rules of src/domain/plans/pricing.ts read (an order, a plan switch). */
export function priceItemOf(option: typeof planOptions.$inferSelect): Pick<OptionItem, 'id' | 'price' | 'original_price' | 'contract_month' | 'option_price' | 'textbook' | 'safety_plan_price'> {
  return {
    id: option.optionId,
    price: option.price,
    original_price: option.originalPrice,
    contract_month: option.contractMonth,
    option_price: option.optionPrice,
    textbook: option.textbook,
    safety_plan_price: option.safetyPlanPrice,
  };
}
