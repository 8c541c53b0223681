import { DEVICE_RETURN_DAYS } from '../constants.ts';
import { addDays, isBefore, type IsoDate } from './dates.ts';
import type { Device } from './devices.ts';
import { hasRenewalNotice, isDue, isHardDecline, nextRetryOn, periodOf, renewalNoticeOn, RETRY_DAYS, trialReminderOn, type Period } from './schedule.ts';
import type { ContractMonths } from '../plans/types.ts';
import type { SubscriptionStatus } from './subscription-states.ts';

/**
 * The billing clock's one decision: given a subscription, its unpaid plan charge and today, what is
 * the next thing to do? Pure, so every rule is a row of a table test; the job repeats it until the
 * answer is "nothing", which also catches up when the clock has moved far ahead.
 */
export interface OpenCharge {
  /** pending: created, not tried; processing: an attempt is under way; failed: waiting for a retry. */
  status: 'pending' | 'processing' | 'failed' | 'requiresAction';
  periodStart: IsoDate;
  failures: number;
  firstFailedOn: IsoDate | null;
  failureCode: string | null;
  /** An attempt marked processing whose worker is gone (its lease ran out). */
  isStale: boolean;
}

export interface BillingState {
  status: SubscriptionStatus;
  contractMonths: ContractMonths;
  trialEndsOn: IsoDate | null;
  trialReminded: boolean;
  /** Where the periods are counted from: the trial end, or the day of the last plan switch. */
  anchor: IsoDate | null;
  /** The paid period (number and its end), null before the first plan charge. */
  periodNumber: number | null;
  currentPeriodEnd: IsoDate | null;
  endsOn: IsoDate | null;
  suspended: boolean;
  device: Device;
  /** Whether the device was ever sent (a plan cancelled before shipping has nothing to return). */
  shipped: boolean;
  deviceReturned: boolean;
  buyoutCharged: boolean;
  openCharge: OpenCharge | null;
  /** The member was told of the renewal at the end of the current period (product decision 26); absent: not yet. */
  renewalNoticed?: boolean;
}

export type BillingAction =
  | { kind: 'sendTrialReminder' }
  | { kind: 'sendRenewalNotice' }
  | { kind: 'chargePeriod'; period: Period }
  | { kind: 'attemptCharge' }
  | { kind: 'suspend' }
  | { kind: 'endSubscription' }
  | { kind: 'chargeBuyout' }
  | { kind: 'none' };

/** The period the next plan charge pays for, if one is due today. */
export function duePeriod(state: BillingState, today: IsoDate): Period | undefined {
  if (!state.anchor) return undefined;
  if (state.status === 'trialing' && isDue(state.trialEndsOn, today)) return periodOf(state.anchor, state.contractMonths, 0);
  if (state.status === 'active' && state.periodNumber !== null && isDue(state.currentPeriodEnd, today)) {
    return periodOf(state.anchor, state.contractMonths, state.periodNumber + 1);
  }
  return undefined;
}

/** The day the retries of a failed charge are over and the lessons stop (product decision 14). */
export function suspensionDay(firstFailedOn: IsoDate): IsoDate {
  return addDays(firstFailedOn, RETRY_DAYS[RETRY_DAYS.length - 1]!);
}

export function nextBillingAction(state: BillingState, today: IsoDate): BillingAction {
  const charge = state.openCharge;
  if (charge) {
    if (charge.status === 'pending') return { kind: 'attemptCharge' };
    if (charge.status === 'processing') return charge.isStale ? { kind: 'attemptCharge' } : { kind: 'none' };
    if (!charge.firstFailedOn) return charge.status === 'requiresAction' ? { kind: 'none' } : { kind: 'attemptCharge' };
    // Only a retrying subscription is suspended (product decision 28): once past due, lessons are stopped already.
    const mayStop = state.status === 'retrying' && !state.suspended;
    // A charge waiting for the member (3-D Secure in My Page) is not retried behind their back,
    // but the lessons still stop when the retry period is over.
    if (charge.status === 'requiresAction') {
      return mayStop && isDue(suspensionDay(charge.firstFailedOn), today) ? { kind: 'suspend' } : { kind: 'none' };
    }
    const retryOn = nextRetryOn(charge.firstFailedOn, charge.failures);
    if (retryOn && !isHardDecline(charge.failureCode) && isDue(retryOn, today)) return { kind: 'attemptCharge' };
    if (mayStop && isDue(suspensionDay(charge.firstFailedOn), today) && (!retryOn || isHardDecline(charge.failureCode))) return { kind: 'suspend' };
    return { kind: 'none' };
  }
  if (state.status === 'cancelRequested' && isDue(state.endsOn, today)) return { kind: 'endSubscription' };
  const period = duePeriod(state, today);
  if (period) return { kind: 'chargePeriod', period };
  if (state.status === 'active' && hasRenewalNotice(state.contractMonths) && !state.renewalNoticed && state.currentPeriodEnd) {
    // Not late: a clock that jumped past the notice day charges the renewal without it.
    if (isDue(renewalNoticeOn(state.currentPeriodEnd), today) && isBefore(today, state.currentPeriodEnd)) return { kind: 'sendRenewalNotice' };
  }
  if (state.status === 'trialing' && !state.trialReminded && state.trialEndsOn) {
    if (isDue(trialReminderOn(state.trialEndsOn), today) && isBefore(today, state.trialEndsOn)) return { kind: 'sendTrialReminder' };
  }
  if (state.status === 'ended' && state.device !== 'none' && state.shipped && !state.deviceReturned && !state.buyoutCharged && state.endsOn) {
    if (isDue(addDays(state.endsOn, DEVICE_RETURN_DAYS + 1), today)) return { kind: 'chargeBuyout' };
  }
  return { kind: 'none' };
}

/** The day the member pays next (a date only when one is known): the API's nextPayAt. */
export function nextPaymentOn(state: Pick<BillingState, 'status' | 'trialEndsOn' | 'currentPeriodEnd' | 'endsOn' | 'openCharge'>): IsoDate | null {
  return paymentDayOf(nextPaymentLine(state));
}

/** The day a payment line names for the next charge, when it names one (userdata's next_pay_at). */
export function paymentDayOf(line: NextPaymentLine): IsoDate | null {
  return line.kind === 'date' ? line.on : null;
}

/**
 * My Page's 「次回お支払日」 line: which case applies (every screen that shows the line asks this).
 * - `date`: the next charge (trial end, renewal, or the next retry of a failed charge);
 * - `awaitingShipment`: the first charge is 7 days after the robot ships;
 * - `newCard`: a failed charge that cannot be retried until the card changes;
 * - `suspended`: past due, lessons stopped until the charge is paid (product decision 28);
 * - `endsOn`: cancelled, the service runs to that day and nothing more is charged;
 * - `nothing`: ended, nothing more to pay.
 */
export type NextPaymentLine =
  | { kind: 'date'; on: IsoDate }
  | { kind: 'awaitingShipment' }
  | { kind: 'newCard' }
  | { kind: 'suspended' }
  | { kind: 'endsOn'; on: IsoDate }
  | { kind: 'nothing' };

export function nextPaymentLine(state: Pick<BillingState, 'status' | 'trialEndsOn' | 'currentPeriodEnd' | 'endsOn' | 'openCharge'>): NextPaymentLine {
  switch (state.status) {
    case 'awaitingShipment':
      return { kind: 'awaitingShipment' };
    case 'trialing':
      return state.trialEndsOn ? { kind: 'date', on: state.trialEndsOn } : { kind: 'awaitingShipment' };
    case 'active':
      return state.currentPeriodEnd ? { kind: 'date', on: state.currentPeriodEnd } : { kind: 'nothing' };
    case 'retrying': {
      const charge = state.openCharge;
      const retryOn = charge?.firstFailedOn && !isHardDecline(charge.failureCode) ? nextRetryOn(charge.firstFailedOn, charge.failures) : undefined;
      return retryOn ? { kind: 'date', on: retryOn } : { kind: 'newCard' };
    }
    case 'pastDue':
      return { kind: 'suspended' };
    case 'cancelRequested':
      return state.endsOn ? { kind: 'endsOn', on: state.endsOn } : { kind: 'nothing' };
    case 'ended':
      return { kind: 'nothing' };
  }
}
