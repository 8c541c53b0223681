import {
  CANCELLATION_SHIPPING_FEE,
  DEVICE_RETURN_DAYS,
  REFUND_RATE,
  STATUTORY_MAX_PENALTY,
  STATUTORY_MIN_AMOUNT,
  STATUTORY_MIN_MONTHS,
  STATUTORY_PENALTY_RATE,
  TABLET_TRIAL_CANCELLATION_FEE,
} from '../constants.ts';
import type { ContractMonths, PackageType } from '../plans/types.ts';
import { addDays, isBefore, periodStart, type IsoDate } from './dates.ts';
import { deviceOf, type Device } from './devices.ts';
import type { SubscriptionStatus } from './subscription-states.ts';

/**
 * What leaving costs and returns (spec §9, product decision 16), computed from the subscription and the
 * ledger only. The quote says when the cancellation takes effect, each fee, the refund and how
 * every figure was reached, so the member sees it before confirming (消費者契約法 9条).
 */
export type FeeKind = 'returnShipping' | 'tabletRental';

export interface CancellationInput {
  status: SubscriptionStatus;
  packageType: PackageType;
  contractMonths: ContractMonths;
  /** The first paid day (the end of the trial); null until the device has shipped. */
  trialEndsOn: IsoDate | null;
  /** The paid period running today, if any. */
  period: { start: IsoDate; end: IsoDate } | null;
  /** What the ledger says was paid for that period (0 when nothing was). */
  paidForPeriod: number;
  today: IsoDate;
}

/** One line of the explanation: a catalogue key and the figures it shows. */
export interface ExplanationLine {
  key: ExplanationKey;
  values: Record<string, string | number>;
}

export type ExplanationKey =
  | 'endsNow'
  | 'endsNowWithRefund'
  | 'endsNowUnshipped'
  | 'endsAtPeriodEnd'
  | 'feeShipping'
  | 'feeTablet'
  | 'noDeviceToReturn'
  | 'deviceReturn'
  | 'refundNothingPaid'
  | 'refundMonthly'
  | 'refundOutsideWindow'
  | 'refundSeventyPercent'
  | 'statutoryNotApplicable'
  | 'statutoryApplies'
  | 'statutoryFloorWins'
  | 'statutoryFloorMet';

export type RefundRule = 'none' | 'seventyPercent' | 'statutory';

export interface CancellationQuote {
  /** The day the service ends: today (before shipping, in the trial, while unpaid, or with a refund), or the end of the paid period. */
  effectiveOn: IsoDate;
  endsAtOnce: boolean;
  fees: { kind: FeeKind; amount: number }[];
  refund: number;
  refundRule: RefundRule;
  device: Device;
  /** The device must be back by this day, else the buyout is charged. */
  deviceReturnBy: IsoDate | null;
  /** Months of the period begun by today (a begun month counts as used) and left after it. */
  usedMonths: number;
  remainingMonths: number;
  explanation: ExplanationLine[];
}

/** The refund window after the trial: 3-month plans 1 month, 12-month plans 3 months; none for monthly plans. */
export const REFUND_WINDOW_MONTHS: Record<ContractMonths, number> = { 1: 0, 3: 1, 12: 3 };

/** Months of a period begun by `today` (a month that has begun counts as used). */
export function monthsUsed(periodStartDay: IsoDate, contractMonths: number, today: IsoDate): number {
  let used = 0;
  while (used < contractMonths && !isBefore(today, periodStart(periodStartDay, 1, used))) used += 1;
  return used;
}

/** Whether a contract falls under 特定継続的役務提供: over 2 months and over 50,000 yen. */
export function isSpecifiedContinuousService(contractMonths: number, amount: number): boolean {
  return contractMonths > STATUTORY_MIN_MONTHS && amount > STATUTORY_MIN_AMOUNT;
}

/** The most the service may keep by law: the service delivered plus the lower of 50,000 yen or 20% of the rest. */
export function statutoryMaximumKept(paid: number, contractMonths: number, usedMonths: number): { delivered: number; penalty: number; cap: number } {
  const delivered = Math.round((paid / contractMonths) * usedMonths);
  const penalty = Math.min(STATUTORY_MAX_PENALTY, Math.round((paid - delivered) * STATUTORY_PENALTY_RATE));
  return { delivered, penalty, cap: delivered + penalty };
}

/**
 * "What was paid for the current period is the charge that started it: after one or more plan
 * switches, the last switch's charge" (product decision 16). Of the succeeded plan charges (period or
 * switch) of a subscription, the one that started the period beginning on `periodStart`: the last
 * to succeed (two switches on one day both start a period on that day).
 */
export function chargeThatStartedPeriod<T extends { periodStart: IsoDate; succeededAt: Date | null; createdAt: Date }>(paid: readonly T[], periodStart: IsoDate): T | undefined {
  const time = (charge: T) => (charge.succeededAt ?? charge.createdAt).getTime();
  return paid.filter((charge) => charge.periodStart === periodStart).reduce<T | undefined>((last, charge) => (!last || time(charge) >= time(last) ? charge : last), undefined);
}

/**
 * Product decision 16 (revised in the third wave): before shipping, in the trial and while a plan charge
 * is unpaid the contract ends that day; after the trial, a refund ends it on the cancellation day
 * (lessons stop, the device goes back within a week of that day); without a refund the service
 * runs to the end of the paid period. The quote, the mail and My Page all tell this one answer.
 */
export function quoteCancellation(input: CancellationInput): CancellationQuote {
  const device = deviceOf(input.packageType);
  const shipped = input.status !== 'awaitingShipment';
  const inTrial = input.status === 'trialing';
  const endsByStatus = input.status === 'awaitingShipment' || inTrial || input.status === 'retrying' || input.status === 'pastDue';

  // Fees: the round trip of the lent device (also in the trial), and the tablet if cancelled in the trial.
  const fees: CancellationQuote['fees'] = [];
  const feeLines: ExplanationLine[] = [];
  if (shipped && device !== 'none') {
    fees.push({ kind: 'returnShipping', amount: CANCELLATION_SHIPPING_FEE });
    feeLines.push({ key: 'feeShipping', values: { amount: CANCELLATION_SHIPPING_FEE } });
  }
  if (inTrial && device === 'tablet') {
    fees.push({ kind: 'tabletRental', amount: TABLET_TRIAL_CANCELLATION_FEE });
    feeLines.push({ key: 'feeTablet', values: { amount: TABLET_TRIAL_CANCELLATION_FEE } });
  }

  const months = input.contractMonths;
  const paid = input.period && !endsByStatus ? input.paidForPeriod : 0;
  const usedMonths = input.period && paid > 0 ? monthsUsed(input.period.start, months, input.today) : 0;
  const remainingMonths = paid > 0 ? months - usedMonths : 0;
  const feeTotal = fees.reduce((sum, fee) => sum + fee.amount, 0);
  const refundLines: ExplanationLine[] = [];

  // The spec's rule: 70% of the remaining months, only early in a 3- or 12-month contract.
  let seventyPercent = 0;
  if (paid === 0) {
    refundLines.push({ key: 'refundNothingPaid', values: {} });
  } else if (REFUND_WINDOW_MONTHS[months] === 0) {
    refundLines.push({ key: 'refundMonthly', values: {} });
  } else {
    const windowEnd = input.trialEndsOn ? periodStart(input.trialEndsOn, REFUND_WINDOW_MONTHS[months], 1) : input.today;
    if (isBefore(input.today, windowEnd) && remainingMonths > 0) {
      seventyPercent = Math.round((paid / months) * remainingMonths * REFUND_RATE);
      refundLines.push({
        key: 'refundSeventyPercent',
        values: { paid, months, remaining: remainingMonths, rate: Math.round(REFUND_RATE * 100), amount: seventyPercent, windowEnd: addDays(windowEnd, -1) },
      });
    } else {
      refundLines.push({ key: 'refundOutsideWindow', values: { windowMonths: REFUND_WINDOW_MONTHS[months], months } });
    }
  }

  // The statutory floor: what is kept (the period's price less the refund, plus the fees) never exceeds the cap.
  let statutory = 0;
  if (paid > 0 && isSpecifiedContinuousService(months, paid)) {
    const { delivered, penalty, cap } = statutoryMaximumKept(paid, months, usedMonths);
    statutory = Math.max(0, paid + feeTotal - cap);
    refundLines.push({ key: 'statutoryApplies', values: { paid, months, used: usedMonths, delivered, penalty, cap, fees: feeTotal, floor: statutory } });
    refundLines.push({ key: statutory > seventyPercent ? 'statutoryFloorWins' : 'statutoryFloorMet', values: { floor: statutory, amount: seventyPercent } });
  } else if (paid > 0) {
    refundLines.push({ key: 'statutoryNotApplicable', values: {} });
  }

  const refund = Math.min(paid, Math.max(seventyPercent, statutory));
  const refundRule: RefundRule = refund === 0 ? 'none' : statutory > seventyPercent ? 'statutory' : 'seventyPercent';

  // When it ends: a refund ends the contract today; without one the paid period runs out.
  const endsAtOnce = endsByStatus || refund > 0 || !input.period;
  const effectiveOn = endsAtOnce || !input.period ? input.today : input.period.end;
  const endLine: ExplanationLine = !shipped
    ? { key: 'endsNowUnshipped', values: {} }
    : refund > 0
      ? { key: 'endsNowWithRefund', values: { date: effectiveOn } }
      : endsAtOnce
        ? { key: 'endsNow', values: { date: effectiveOn } }
        : { key: 'endsAtPeriodEnd', values: { date: effectiveOn } };
  const deviceReturnBy = shipped && device !== 'none' ? addDays(effectiveOn, DEVICE_RETURN_DAYS) : null;
  const deviceLine: ExplanationLine = deviceReturnBy ? { key: 'deviceReturn', values: { date: deviceReturnBy, days: DEVICE_RETURN_DAYS } } : { key: 'noDeviceToReturn', values: {} };

  const explanation = [endLine, ...feeLines, deviceLine, ...refundLines];
  return { effectiveOn, endsAtOnce, fees, refund, refundRule, device, deviceReturnBy, usedMonths, remainingMonths, explanation };
}
