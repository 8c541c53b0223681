import { describe, expect, it } from 'vitest';
import { nextStatus, subscriptionEvents, subscriptionStatuses, type SubscriptionEvent, type SubscriptionStatus } from './subscription-states.ts';

/** Every allowed transition of decisions 7 and 13-16, one row each; anything else is refused. */
const allowed: [SubscriptionStatus, SubscriptionEvent, SubscriptionStatus, string][] = [
  ['awaitingShipment', 'shipped', 'trialing', 'the shipping date starts the 7-day trial (decision 7)'],
  ['awaitingShipment', 'cancelledAtOnce', 'ended', 'cancelled before shipping: ends at once'],
  ['trialing', 'charged', 'active', 'the first plan charge at trial end (decision 13)'],
  ['trialing', 'chargeFailed', 'pastDue', 'the trial-end charge failed (decision 14)'],
  ['trialing', 'cancelledAtOnce', 'ended', 'cancelled in the trial: ends at once (decision 16)'],
  ['active', 'charged', 'active', 'a renewal was paid'],
  ['active', 'chargeFailed', 'pastDue', 'a renewal failed: retries follow (decision 14)'],
  ['active', 'switched', 'active', 'a plan switch starts a new period (decision 15)'],
  ['active', 'cancelRequested', 'cancelRequested', 'cancelled after the trial: runs to the end of the period (decision 16)'],
  ['pastDue', 'charged', 'active', 'a retry or a new card paid the charge'],
  ['pastDue', 'chargeFailed', 'pastDue', 'a retry failed'],
  ['pastDue', 'cancelledAtOnce', 'ended', 'an unpaid subscription ends at once when cancelled'],
  ['cancelRequested', 'periodEnded', 'ended', 'the paid period is over'],
];

describe('subscription states', () => {
  it.each(allowed)('%s --%s--> %s (%s)', (from, event, to) => {
    expect(nextStatus(from, event)).toBe(to);
  });

  it('refuses every transition the table does not list', () => {
    const listed = new Set(allowed.map(([from, event]) => `${from}:${event}`));
    for (const from of subscriptionStatuses) {
      for (const event of subscriptionEvents) {
        if (!listed.has(`${from}:${event}`)) expect({ from, event, to: nextStatus(from, event) }).toEqual({ from, event, to: undefined });
      }
    }
  });
});
