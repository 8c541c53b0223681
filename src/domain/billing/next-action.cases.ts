import type { BillingAction, BillingState, OpenCharge } from './next-action.ts';

/**
 * The billing clock's decision table (product decisions 7, 13-16 and 26 of the product): one row per rule,
 * the state, today, and what the clock does next. The domain's table test checks nextBillingAction
 * against it; the API's wake-up test realises every row with work as database rows and checks that
 * the clock's query finds it — so a state given work here is not forgotten by the query.
 */
export const trialing: BillingState = {
  status: 'trialing',
  contractMonths: 1,
  trialEndsOn: '2026-03-08',
  trialReminded: false,
  anchor: '2026-03-08',
  periodNumber: null,
  currentPeriodEnd: null,
  endsOn: null,
  suspended: false,
  device: 'robot',
  shipped: true,
  deviceReturned: false,
  buyoutCharged: false,
  openCharge: null,
};
export const active: BillingState = { ...trialing, status: 'active', trialReminded: true, periodNumber: 0, currentPeriodEnd: '2026-04-08' };
export const failed = (failures: number, code = 'insufficient_funds', extra: Partial<OpenCharge> = {}): OpenCharge => ({
  status: 'failed',
  periodStart: '2026-04-08',
  failures,
  firstFailedOn: '2026-04-08',
  failureCode: code,
  isStale: false,
  ...extra,
});
const quarterly: BillingState = { ...active, contractMonths: 3, currentPeriodEnd: '2026-06-08' };
const yearly: BillingState = { ...active, contractMonths: 12, currentPeriodEnd: '2027-03-08' };
/** A failed plan charge: retrying (lessons continue) until suspended, then past due (product decision 28). */
export const pastDue = (charge: OpenCharge, suspended = false): BillingState => ({ ...active, status: suspended ? 'pastDue' : 'retrying', openCharge: charge, suspended });
export const ended: BillingState = { ...active, status: 'ended', endsOn: '2026-04-08' };

/** One row per rule of product decisions 7 and 13-16: the state, today, and what the clock does next. */
export const decisionRows: [string, BillingState, string, BillingAction][] = [
  ['awaiting shipment: nothing to do', { ...trialing, status: 'awaitingShipment', trialEndsOn: null, anchor: null }, '2026-03-01', { kind: 'none' }],
  ['in the trial, 4 days before its end: nothing yet', trialing, '2026-03-04', { kind: 'none' }],
  ['3 days before the trial ends: the reminder mail', trialing, '2026-03-05', { kind: 'sendTrialReminder' }],
  ['the reminder is sent once', { ...trialing, trialReminded: true }, '2026-03-06', { kind: 'none' }],
  ['the trial has ended: the first period is charged (period 0 from the trial end)', trialing, '2026-03-08', { kind: 'chargePeriod', period: { number: 0, start: '2026-03-08', end: '2026-04-08' } }],
  ['the clock jumped past the trial: charge first, no late reminder', trialing, '2026-03-20', { kind: 'chargePeriod', period: { number: 0, start: '2026-03-08', end: '2026-04-08' } }],
  ['active, mid-period: nothing', active, '2026-04-07', { kind: 'none' }],
  ['active, the period is over: the next one is charged', active, '2026-04-08', { kind: 'chargePeriod', period: { number: 1, start: '2026-04-08', end: '2026-05-08' } }],
  ['a charge created but never tried (crash before the attempt): try it', { ...active, openCharge: { ...failed(0), status: 'pending', firstFailedOn: null } }, '2026-04-08', { kind: 'attemptCharge' }],
  ['an attempt under way: leave it to its worker', { ...active, openCharge: { ...failed(0), status: 'processing', firstFailedOn: null } }, '2026-04-08', { kind: 'none' }],
  ['an attempt whose worker died (lease over): resume it with the same key', { ...active, openCharge: { ...failed(0), status: 'processing', firstFailedOn: null, isStale: true } }, '2026-04-08', { kind: 'attemptCharge' }],
  ['failed once: no retry on the same day', pastDue(failed(1)), '2026-04-08', { kind: 'none' }],
  ['failed once: retry 1 day later', pastDue(failed(1)), '2026-04-09', { kind: 'attemptCharge' }],
  ['failed twice: retry 3 days after the first failure', pastDue(failed(2)), '2026-04-11', { kind: 'attemptCharge' }],
  ['failed twice: not on day 2', pastDue(failed(2)), '2026-04-10', { kind: 'none' }],
  ['failed 6 times: the last retry on day 14', pastDue(failed(6)), '2026-04-22', { kind: 'attemptCharge' }],
  ['failed 7 times: retries are over, lessons are suspended', pastDue(failed(7)), '2026-04-22', { kind: 'suspend' }],
  ['suspended: nothing more until the card changes', pastDue(failed(7), true), '2026-06-01', { kind: 'none' }],
  ['past due (suspended) with a hard decline: not suspended twice', pastDue(failed(1, 'expired_card'), true), '2026-06-01', { kind: 'none' }],
  ['a hard decline is not retried', pastDue(failed(1, 'expired_card')), '2026-04-09', { kind: 'none' }],
  ['a hard decline suspends on day 14 if the card was not changed', pastDue(failed(1, 'expired_card')), '2026-04-22', { kind: 'suspend' }],
  ['waiting for the member to authenticate (3-D Secure): not retried behind their back', pastDue(failed(1, 'authentication_required', { status: 'requiresAction' })), '2026-04-09', { kind: 'none' }],
  ['waiting for 3-D Secure past day 14: lessons stop all the same', pastDue(failed(2, 'insufficient_funds', { status: 'requiresAction' })), '2026-04-22', { kind: 'suspend' }],
  ['past due: the next period is not charged while this one is unpaid', pastDue(failed(2)), '2026-05-08', { kind: 'attemptCharge' }],
  ['3-month plan, 15 days before it renews: no notice yet', quarterly, '2026-05-24', { kind: 'none' }],
  ['3-month plan, 14 days before it renews: the renewal notice', quarterly, '2026-05-25', { kind: 'sendRenewalNotice' }],
  ['3-month plan, notice sent: nothing more until the renewal', { ...quarterly, renewalNoticed: true }, '2026-06-01', { kind: 'none' }],
  ['3-month plan, the clock jumped past the notice to the renewal: charged, no late notice', quarterly, '2026-06-08', { kind: 'chargePeriod', period: { number: 1, start: '2026-06-08', end: '2026-09-08' } }],
  ['12-month plan, 14 days before it renews: the renewal notice', yearly, '2027-02-22', { kind: 'sendRenewalNotice' }],
  ['monthly plan, 14 days before it renews: no notice (product decision 26)', active, '2026-03-25', { kind: 'none' }],
  ['3-month plan, cancel requested: no renewal, no notice', { ...quarterly, status: 'cancelRequested', endsOn: '2026-06-08' }, '2026-05-25', { kind: 'none' }],
  ['cancel requested: nothing until the period ends', { ...active, status: 'cancelRequested', endsOn: '2026-04-08' }, '2026-04-07', { kind: 'none' }],
  ['cancel requested: the period is over, the subscription ends (never renewed)', { ...active, status: 'cancelRequested', endsOn: '2026-04-08' }, '2026-04-08', { kind: 'endSubscription' }],
  ['ended, the robot not back, within the week: nothing', ended, '2026-04-15', { kind: 'none' }],
  ['ended, the robot not back after the week: the buyout', ended, '2026-04-16', { kind: 'chargeBuyout' }],
  ['ended, the robot returned: no buyout', { ...ended, deviceReturned: true }, '2026-05-01', { kind: 'none' }],
  ['ended, buyout already charged: nothing', { ...ended, buyoutCharged: true }, '2026-05-01', { kind: 'none' }],
  ['ended ESAT-J without tablet: nothing to return', { ...ended, device: 'none' }, '2026-05-01', { kind: 'none' }],
  ['ended before the robot shipped: nothing to return, no buyout (found by the lives)', { ...ended, shipped: false }, '2026-05-01', { kind: 'none' }],
];
