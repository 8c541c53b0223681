import { tokyoToday } from '../../../src/domain/billing/dates.ts';
import { deviceOf } from '../../../src/domain/billing/devices.ts';
import { nextPaymentOn, type BillingState, type OpenCharge } from '../../../src/domain/billing/next-action.ts';
import { isHardDecline, lastTrialDay, nextRetryOn } from '../../../src/domain/billing/schedule.ts';
import type { SubscriptionView } from '../../../src/domain/billing/contract.ts';
import { categoryOf } from '../../../src/domain/plans/availability.ts';
import type { PackageType } from '../../../src/domain/plans/types.ts';
import type { ChargeRow, SubscriptionRow } from './queries.ts';

/** The rows as the domain rules see them; `leaseMs`: how long an attempt may run before it counts as cut off (real time). */
export function billingStateOf(sub: SubscriptionRow, open: ChargeRow | undefined, options: { buyoutCharged: boolean; leaseMs: number; realNow?: number }): BillingState {
  const realNow = options.realNow ?? Date.now();
  return {
    status: sub.status,
    contractMonths: sub.contractMonth,
    trialEndsOn: sub.trialEndsOn,
    trialReminded: sub.trialRemindedAt !== null,
    anchor: sub.billingAnchor,
    periodNumber: sub.periodNumber,
    currentPeriodEnd: sub.currentPeriodEnd,
    endsOn: sub.endsOn,
    suspended: sub.suspendedAt !== null,
    device: deviceOf(sub.packageType as PackageType),
    deviceReturned: sub.deviceReturnedOn !== null,
    buyoutCharged: options.buyoutCharged,
    openCharge: open ? openChargeOf(open, realNow, options.leaseMs) : null,
    renewalNoticed: sub.renewalNoticedFor !== null && sub.renewalNoticedFor === sub.currentPeriodEnd,
  };
}

function openChargeOf(charge: ChargeRow, realNow: number, leaseMs: number): OpenCharge {
  const status = charge.status === 'requiresAction' ? 'requiresAction' : charge.status === 'processing' ? 'processing' : charge.status === 'pending' ? 'pending' : 'failed';
  return {
    status,
    periodStart: charge.periodStart,
    failures: charge.attempts,
    firstFailedOn: charge.firstFailedOn,
    failureCode: charge.failureCode,
    isStale: status === 'processing' && (charge.processingSince?.getTime() ?? 0) <= realNow - leaseMs,
  };
}

/** A subscription as the member's API shows it. */
export function subscriptionView(sub: SubscriptionRow, open: ChargeRow | undefined): SubscriptionView {
  const state = billingStateOf(sub, open, { buyoutCharged: false, leaseMs: Number.POSITIVE_INFINITY });
  const pastDue =
    open && open.status !== 'pending' && open.status !== 'processing' && open.firstFailedOn
      ? { amount: open.amount, failureCode: open.failureCode, nextRetryOn: isHardDecline(open.failureCode) ? null : (nextRetryOn(open.firstFailedOn, open.attempts) ?? null) }
      : null;
  return {
    id: sub.id,
    kind: sub.kind,
    category: categoryOf(sub.packageType as PackageType),
    planName: sub.planName,
    optionId: sub.optionId,
    productId: sub.productId,
    contractMonth: sub.contractMonth as 1 | 3 | 12,
    monthlyPrice: sub.monthlyPrice,
    periodPrice: sub.periodPrice,
    status: sub.status,
    suspended: sub.suspendedAt !== null,
    shippedOn: sub.shippedOn,
    trialEndsOn: sub.trialEndsOn,
    trialLastDay: sub.trialEndsOn ? lastTrialDay(sub.trialEndsOn) : null,
    currentPeriodStart: sub.currentPeriodStart,
    currentPeriodEnd: sub.currentPeriodEnd,
    nextPayAt: nextPaymentOn(state),
    cancelRequestedAt: sub.cancelRequestedAt?.toISOString() ?? null,
    endsOn: sub.endsOn,
    pastDue,
  };
}

/** Today in Japan by the service's clock. */
export function businessToday(now: Date): string {
  return tokyoToday(now);
}
