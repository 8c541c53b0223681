import { TRIAL_DAYS } from '../constants.ts';
import { addDays, isOnOrAfter, periodStart, type IsoDate } from './dates.ts';

/**
 * When money is taken (product decisions 7, 13, 14). All dates are Japanese calendar days.
 */

/** The trial runs 7 days from the shipping day; it ends — and the first plan charge is made — 7 days after it. */
export function trialEndsOn(shippedOn: IsoDate): IsoDate {
  return addDays(shippedOn, TRIAL_DAYS);
}

/** The last day of the free trial, as a member reads it (「11月7日まで無料」). */
export function lastTrialDay(trialEnd: IsoDate): IsoDate {
  return addDays(trialEnd, -1);
}

/** The trial-ending reminder goes out 3 days before the first charge. */
export const TRIAL_REMINDER_DAYS = 3;

export function trialReminderOn(trialEnd: IsoDate): IsoDate {
  return addDays(trialEnd, -TRIAL_REMINDER_DAYS);
}

/** Product decision 26: a 3- or 12-month plan is told of its renewal this many days before it renews. */
export const RENEWAL_NOTICE_DAYS = 14;

/** Whether a plan of this length gets the renewal notice (monthly plans none). */
export function hasRenewalNotice(contractMonths: number): boolean {
  return contractMonths === 3 || contractMonths === 12;
}

/** The day the renewal notice of a period ending (renewing) on `renewsOn` is sent. */
export function renewalNoticeOn(renewsOn: IsoDate): IsoDate {
  return addDays(renewsOn, -RENEWAL_NOTICE_DAYS);
}

/** A billing period: from its start (inclusive) to the next one's start (exclusive). */
export interface Period {
  number: number;
  start: IsoDate;
  end: IsoDate;
}

/** Period `n` of a contract of `months` months anchored at `anchor` (the trial end, or the day of a plan switch). */
export function periodOf(anchor: IsoDate, months: number, n: number): Period {
  return { number: n, start: periodStart(anchor, months, n), end: periodStart(anchor, months, n + 1) };
}

/** Retries after a failed charge: this many days after the first failure (product decision 14). */
export const RETRY_DAYS = [1, 3, 5, 7, 10, 14] as const;

/**
 * The day of the next retry after `failures` failed attempts (the first attempt included), or
 * undefined when the retries are used up: 1 failure → first failure + 1 day … 7 failures → none.
 */
export function nextRetryOn(firstFailedOn: IsoDate, failures: number): IsoDate | undefined {
  const offset = RETRY_DAYS[failures - 1];
  return offset === undefined ? undefined : addDays(firstFailedOn, offset);
}

/** Whether a failed charge is to be tried again today: its retry day has come and the decline was not hard. */
export function isRetryDue(firstFailedOn: IsoDate, failures: number, failureCode: string | null, today: IsoDate): boolean {
  const retryOn = nextRetryOn(firstFailedOn, failures);
  return retryOn !== undefined && !isHardDecline(failureCode) && isOnOrAfter(today, retryOn);
}

/** Whether the retry that follows `failures` failures is the last one (the member is told before it). */
export function isLastRetryNext(failures: number): boolean {
  return failures === RETRY_DAYS.length;
}

/**
 * Declines that another try cannot fix: the card is gone, refused for good, or needs the member to
 * authenticate. They are not retried until the card changes (product decision 14); the member is told.
 */
const HARD_DECLINES = new Set([
  'authentication_required',
  // Our own: the member has no card on file any more.
  'card_missing',
  'authentication_failed',
  'card_not_supported',
  'expired_card',
  'fraudulent',
  'incorrect_number',
  'invalid_account',
  'lost_card',
  'pickup_card',
  'restricted_card',
  'revocation_of_all_authorizations',
  'revocation_of_authorization',
  'security_violation',
  'stolen_card',
  'stop_payment_order',
  'transaction_not_allowed',
]);

export function isHardDecline(code: string | null | undefined): boolean {
  return code !== null && code !== undefined && HARD_DECLINES.has(code);
}

/** The number of the period of a contract that starts on `start` (counted from the anchor), if it is one. */
export function periodNumberOf(anchor: IsoDate, months: number, start: IsoDate): number | undefined {
  for (let n = 0; n <= 1200; n += 1) {
    const candidate = periodOf(anchor, months, n).start;
    if (candidate === start) return n;
    if (!isOnOrAfter(start, candidate)) return undefined;
  }
  return undefined;
}

/** Whether a day has come: `today` is on or after `day`. */
export function isDue(day: IsoDate | null | undefined, today: IsoDate): boolean {
  return day !== null && day !== undefined && isOnOrAfter(today, day);
}
