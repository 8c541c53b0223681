import { describe, expect, it } from 'vitest';
import { active, decisionRows, failed, pastDue, trialing } from './next-action.cases.ts';
import { nextBillingAction, nextPaymentOn } from './next-action.ts';

describe('the billing clock decides', () => {
  it.each(decisionRows)('%s', (_name, state, today, action) => {
    expect(nextBillingAction(state, today)).toEqual(action);
  });
});

describe('the next payment date shown in My Page', () => {
  it.each([
    ['awaiting shipment: unknown until shipping', { ...trialing, status: 'awaitingShipment' as const, trialEndsOn: null }, null],
    ['trialing: the trial end', trialing, '2026-03-08'],
    ['active: the end of the paid period', active, '2026-04-08'],
    ['past due: the next retry', pastDue(failed(2)), '2026-04-11'],
    ['past due with a hard decline: none until the card changes', pastDue(failed(1, 'expired_card')), null],
    ['cancel requested: nothing more to pay', { ...active, status: 'cancelRequested' as const }, null],
  ])('%s', (_name, state, day) => {
    expect(nextPaymentOn(state)).toBe(day);
  });
});
