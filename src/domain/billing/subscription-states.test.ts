import { describe, expect, it } from 'vitest';
import { nextStatus, subscriptionEvents, subscriptionStatuses, type SubscriptionEvent, type SubscriptionStatus } from './subscription-states.ts';

/** Every allowed transition of product decisions 7 and 13-16, one row each; anything else is refused. */
const allowed: [SubscriptionStatus, SubscriptionEvent, SubscriptionStatus, string][] = [
  ['awaitingShipment', 'shipped', 'trialing', 'the shipping date starts the 7-day trial (product decision 7)'],
  ['awaitingShipment', 'cancelledAtOnce', 'ended', 'cancelled before shipping: ends at once'],
  ['trialing', 'charged', 'active', 'the first plan charge at trial end (product decision 13)'],
  ['trialing', 'chargeFailed', 'retrying', 'the trial-end charge failed: retries, lessons continue (product decisions 14, 28)'],
  ['trialing', 'cancelledAtOnce', 'ended', 'cancelled in the trial: ends at once (product decision 16)'],
  ['active', 'charged', 'active', 'a renewal was paid'],
  ['active', 'chargeFailed', 'retrying', 'a renewal failed: retries follow, lessons continue (product decisions 14, 28)'],
  ['active', 'switched', 'active', 'a plan switch starts a new period (product decision 15)'],
  ['active', 'cancelRequested', 'cancelRequested', 'cancelled after the trial without a refund: runs to the end of the period (product decision 16)'],
  ['active', 'cancelledAtOnce', 'ended', 'cancelled with a refund: ends on the cancellation day (product decision 16, revised)'],
  ['retrying', 'charged', 'active', 'a retry or a new card paid the charge'],
  ['retrying', 'chargeFailed', 'retrying', 'a retry failed, more follow'],
  ['retrying', 'retriesExhausted', 'pastDue', 'the last retry failed: lessons suspended (product decision 28)'],
  ['retrying', 'cancelledAtOnce', 'ended', 'an unpaid subscription ends at once when cancelled'],
  ['pastDue', 'charged', 'active', 'a retry or a new card paid the charge'],
  ['pastDue', 'chargeFailed', 'pastDue', 'a new card failed too'],
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
