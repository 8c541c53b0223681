import { addDays, type IsoDate } from '../billing/dates.ts';
import { isSpecifiedContinuousService } from '../billing/cancellation.ts';
import { contractMonthsFromOptionId, totalPrice } from './pricing.ts';
import type { OptionItem } from './types.ts';

/**
 * 特定継続的役務提供 (product decision 30): a plan whose contract runs over 2 months and whose total
 * exceeds 50,000 yen, decided from the catalogue's price and months (never a list by hand). The
 * threshold itself is the one the cancellation quote's statutory floor uses.
 */
export function isSpecifiedServicePlan(item: Pick<OptionItem, 'id' | 'price' | 'original_price' | 'contract_month'>): boolean {
  const months = contractMonthsFromOptionId(item.id) ?? item.contract_month;
  return isSpecifiedContinuousService(months, totalPrice(item));
}

/** The cooling-off period: 8 days counting the day the 契約書面 was received. */
export const COOLING_OFF_DAYS = 8;

/** The last day of cooling-off for a 契約書面 received on `receivedOn`. */
export function coolingOffLastDay(receivedOn: IsoDate): IsoDate {
  return addDays(receivedOn, COOLING_OFF_DAYS - 1);
}

/** Whether the member may still cool off today (business day in Japan); never before the 契約書面 arrived. */
export function isWithinCoolingOff(receivedOn: IsoDate | null, today: IsoDate): boolean {
  return receivedOn !== null && today >= receivedOn && today <= coolingOffLastDay(receivedOn);
}

/** GET /api/v2/specified-service/overview: the 概要書面 of a qualifying plan, as the order screen shows it. */
export interface SpecifiedServiceOverviewReply {
  status: 'success';
  data: { title: string; lead: string; rows: { label: string; value: string }[] };
}

/** Where the order screen links the 概要書面 PDF of a plan. */
export function overviewPdfPath(plan: { productId: string; optionId: string; contractMonth: number }): string {
  const query = new URLSearchParams({ productId: plan.productId, optionId: plan.optionId, contract_month: String(plan.contractMonth) });
  return `/api/v2/specified-service/overview.pdf?${query.toString()}`;
}
