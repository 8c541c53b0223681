import { tokyoToday } from '../../../src/domain/billing/dates.ts';
import { deviceOf } from '../../../src/domain/billing/devices.ts';
import { nextPaymentLine, nextPaymentOn, type BillingState, type NextPaymentLine, type OpenCharge } from '../../../src/domain/billing/next-action.ts';
import { isHardDecline, lastTrialDay, nextRetryOn } from '../../../src/domain/billing/schedule.ts';
import type { CancellationSummary, OpenPayment, SubscriptionView } from '../../../src/domain/billing/contract.ts';
import { categoryOf } from '../../../src/domain/plans/availability.ts';
import type { ChargeRow, LivePlanLine, SubscriptionRow } from './queries.ts';

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
    // Suspended is past due (product decision 28); an ended plan is closed, not suspended.
    suspended: sub.status === 'pastDue',
    device: deviceOf(sub.packageType),
    shipped: sub.shippedOn !== null,
    deviceReturned: sub.deviceReturnedOn !== null,
    buyoutCharged: options.buyoutCharged,
    openCharge: open ? openChargeOf(open, realNow, options.leaseMs) : null,
    renewalNoticed: sub.renewalNoticedFor !== null && sub.renewalNoticedFor === sub.currentPeriodEnd,
  };
}

/**
 * A live plan's 「次回お支払日」 line from the fields userdata reads (listLivePlanLines): the same rule
 * subscriptionView applies, where an attempt in progress is never stale.
 */
export function paymentLineOf(plan: LivePlanLine): NextPaymentLine {
  return nextPaymentLine({
    status: plan.status,
    trialEndsOn: plan.trialEndsOn,
    currentPeriodEnd: plan.currentPeriodEnd,
    endsOn: plan.endsOn,
    openCharge: plan.open ? openChargeOf(plan.open, 0, Number.POSITIVE_INFINITY) : null,
  });
}

type OpenChargeFields = Pick<ChargeRow, 'status' | 'periodStart' | 'attempts' | 'firstFailedOn' | 'failureCode'> & Partial<Pick<ChargeRow, 'processingSince'>>;

function openChargeOf(charge: OpenChargeFields, realNow: number, leaseMs: number): OpenCharge {
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

/** A failed fee, buyout or textbook charge as an open payment (product decision 27): when it is tried again. */
export function openPaymentOf(charge: ChargeRow): OpenPayment {
  return {
    chargeId: charge.id,
    kind: charge.kind as OpenPayment['kind'],
    description: charge.description,
    amount: charge.amount,
    failureCode: charge.failureCode,
    nextRetryOn: charge.status === 'failed' && charge.firstFailedOn && !isHardDecline(charge.failureCode) ? (nextRetryOn(charge.firstFailedOn, charge.attempts) ?? null) : null,
  };
}

/** A subscription as the member's API shows it. */
export function subscriptionView(
  sub: SubscriptionRow,
  open: ChargeRow | undefined,
  extras: { openFees?: ChargeRow[]; cancellation?: CancellationSummary | null } = {},
): SubscriptionView {
  const state = billingStateOf(sub, open, { buyoutCharged: false, leaseMs: Number.POSITIVE_INFINITY });
  const pastDue =
    open && open.status !== 'pending' && open.status !== 'processing' && open.firstFailedOn
      ? { amount: open.amount, failureCode: open.failureCode, nextRetryOn: isHardDecline(open.failureCode) ? null : (nextRetryOn(open.firstFailedOn, open.attempts) ?? null) }
      : null;
  return {
    id: sub.id,
    kind: sub.kind,
    category: categoryOf(sub.packageType),
    planName: sub.planName,
    optionId: sub.optionId,
    productId: sub.productId,
    contractMonth: sub.contractMonth,
    monthlyPrice: sub.monthlyPrice,
    periodPrice: sub.periodPrice,
    status: sub.status,
    // Suspended is past due (product decision 28); an ended plan is closed, not suspended.
    suspended: sub.status === 'pastDue',
    shippedOn: sub.shippedOn,
    trialEndsOn: sub.trialEndsOn,
    trialLastDay: sub.trialEndsOn ? lastTrialDay(sub.trialEndsOn) : null,
    currentPeriodStart: sub.currentPeriodStart,
    currentPeriodEnd: sub.currentPeriodEnd,
    nextPayAt: nextPaymentOn(state),
    nextPayment: nextPaymentLine(state),
    cancelRequestedAt: sub.cancelRequestedAt?.toISOString() ?? null,
    endsOn: sub.endsOn,
    pastDue,
    openPayments: (extras.openFees ?? []).map(openPaymentOf),
    cancellation: extras.cancellation ?? null,
  };
}

/** Today in Japan by the service's clock. */
export function businessToday(now: Date): string {
  return tokyoToday(now);
}
