import type { PlanKind } from '../plans/availability.ts';
import type { ContractMonths } from '../plans/types.ts';
import type { SubscriptionStatus } from './subscription-states.ts';

/**
 * Plan switch (spec §2, product decision 15): the new plan's period starts on the day of the switch and
 * its price — `price_change` when the catalogue gives one, else the new plan's period price — is
 * charged at once; nothing of the old plan is refunded.
 */
export type SwitchRefusal = 'switchInTrial' | 'switchNotActive' | 'switchSamePlan' | 'switchOtherKind';

/** A plan as the switch rule compares it (the same option id may be sold for 3 and 12 months). */
export interface SwitchPlanRef {
  kind: PlanKind;
  optionId: string;
  productId: string;
  safetyPlan: boolean;
  contractMonth?: ContractMonths;
}

export function switchRefusal(
  status: SubscriptionStatus,
  current: SwitchPlanRef,
  target: SwitchPlanRef,
): SwitchRefusal | undefined {
  if (current.kind !== target.kind) return 'switchOtherKind';
  // Before shipping and in the trial, a change goes through the support form (spec).
  if (status === 'awaitingShipment' || status === 'trialing') return 'switchInTrial';
  if (status !== 'active') return 'switchNotActive';
  const samePeriod = current.contractMonth === undefined || target.contractMonth === undefined || current.contractMonth === target.contractMonth;
  if (current.optionId === target.optionId && current.productId === target.productId && current.safetyPlan === target.safetyPlan && samePeriod) return 'switchSamePlan';
  return undefined;
}

/** What a switch charges today. */
export function switchChargeAmount(target: { priceChange: number | null; periodPrice: number }): number {
  return target.priceChange ?? target.periodPrice;
}
