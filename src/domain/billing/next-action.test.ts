import { describe, expect, it } from 'vitest';
import { active, decisionRows, ended, failed, pastDue, trialing } from './next-action.cases.ts';
import { nextBillingAction, nextPaymentLine, nextPaymentOn, paymentDayOf, type BillingState } from './next-action.ts';

describe('the billing clock decides', () => {
  it.each(decisionRows)('%s', (_name, state, today, action) => {
    expect(nextBillingAction(state, today)).toEqual(action);
  });
});

describe('the next payment line shown in My Page (one rule for every screen)', () => {
  const cancelled: BillingState = { ...active, status: 'cancelRequested', endsOn: '2026-04-08' };
  it.each([
    ['awaiting shipment: after shipping (the trial has not started)', { ...trialing, status: 'awaitingShipment' as const, trialEndsOn: null }, { kind: 'awaitingShipment' }, null],
    ['trialing: the trial end', trialing, { kind: 'date', on: '2026-03-08' }, '2026-03-08'],
    ['active: the end of the paid period', active, { kind: 'date', on: '2026-04-08' }, '2026-04-08'],
    ['retrying: the next retry', pastDue(failed(2)), { kind: 'date', on: '2026-04-11' }, '2026-04-11'],
    ['retrying with a hard decline: a new card is needed', pastDue(failed(1, 'expired_card')), { kind: 'newCard' }, null],
    ['past due: suspended, never "after shipping"', pastDue(failed(7), true), { kind: 'suspended' }, null],
    ['cancel requested: ends on its day, nothing more to pay', cancelled, { kind: 'endsOn', on: '2026-04-08' }, null],
    ['ended: nothing more to pay', ended, { kind: 'nothing' }, null],
  ] as const)('%s', (_name, state, line, day) => {
    expect(nextPaymentLine(state)).toEqual(line);
    expect(nextPaymentOn(state)).toBe(day);
    expect(paymentDayOf(nextPaymentLine(state))).toBe(day);
  });

  it('a member whose robot shipped never reads "after shipping"', () => {
    for (const status of ['trialing', 'active', 'retrying', 'pastDue', 'cancelRequested', 'ended'] as const) {
      expect(nextPaymentLine({ ...active, status, endsOn: '2026-04-08', openCharge: status === 'retrying' || status === 'pastDue' ? failed(1) : null }).kind).not.toBe('awaitingShipment');
    }
  });
});
