/**
 * The life of a subscription (product decisions 7, 13-16 and 28): awaitingShipment → trialing → active ↔
 * retrying (a failed plan charge, lessons continue) → pastDue (the last retry failed, lessons
 * suspended); cancelRequested → ended. Every change of state goes through `nextStatus`, so a rule
 * written here is the rule everywhere; a transition the table does not list is refused.
 */
export const subscriptionStatuses = ['awaitingShipment', 'trialing', 'active', 'retrying', 'pastDue', 'cancelRequested', 'ended'] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

export const subscriptionEvents = [
  /** Staff entered the shipping date: the 7-day trial starts. */
  'shipped',
  /** A plan charge (trial end, renewal, retry or switch) succeeded. */
  'charged',
  /** A plan charge failed: retries follow (product decision 14), lessons continue (product decision 28). */
  'chargeFailed',
  /** The last retry failed: lessons are suspended (product decisions 14 and 28). */
  'retriesExhausted',
  /** The member switched plan (product decision 15). */
  'switched',
  /** The member cancelled and the contract ends that day: before shipping, in the trial, while unpaid, or with a refund (product decision 16). */
  'cancelledAtOnce',
  /** The member cancelled after the trial without a refund: service runs to the end of the paid period. */
  'cancelRequested',
  /** The paid period of a cancelled subscription is over. */
  'periodEnded',
] as const;
export type SubscriptionEvent = (typeof subscriptionEvents)[number];

const transitions: Record<SubscriptionStatus, Partial<Record<SubscriptionEvent, SubscriptionStatus>>> = {
  awaitingShipment: { shipped: 'trialing', cancelledAtOnce: 'ended' },
  trialing: { charged: 'active', chargeFailed: 'retrying', cancelledAtOnce: 'ended' },
  // A refund ends the contract on the cancellation day (product decision 16, revised).
  active: { charged: 'active', chargeFailed: 'retrying', switched: 'active', cancelRequested: 'cancelRequested', cancelledAtOnce: 'ended' },
  // A member whose payment failed may still leave; the unpaid period is not charged any more.
  retrying: { charged: 'active', chargeFailed: 'retrying', retriesExhausted: 'pastDue', cancelledAtOnce: 'ended' },
  pastDue: { charged: 'active', chargeFailed: 'pastDue', cancelledAtOnce: 'ended' },
  cancelRequested: { periodEnded: 'ended' },
  ended: {},
};

/** The status an event leads to, or undefined when the event is not allowed in this status. */
export function nextStatus(from: SubscriptionStatus, event: SubscriptionEvent): SubscriptionStatus | undefined {
  return transitions[from][event];
}

/** Every (from, event, to) the table allows: for tests and documentation. */
export function allowedTransitions(): [SubscriptionStatus, SubscriptionEvent, SubscriptionStatus][] {
  return subscriptionStatuses.flatMap((from) => Object.entries(transitions[from]).map(([event, to]) => [from, event as SubscriptionEvent, to] as [SubscriptionStatus, SubscriptionEvent, SubscriptionStatus]));
}

/** A subscription that still runs (holds one of the member's two plan slots). */
export function isLive(status: SubscriptionStatus): boolean {
  return status !== 'ended';
}

/** The member can use the lessons / the app (until the end of a paid or cancelled period; not while suspended). */
export function hasService(status: SubscriptionStatus, suspended: boolean): boolean {
  return status !== 'ended' && status !== 'awaitingShipment' && status !== 'pastDue' && !suspended;
}

/** A plan charge is unpaid: retrying (lessons continue) or past due (lessons suspended). */
export function isUnpaid(status: SubscriptionStatus): boolean {
  return status === 'retrying' || status === 'pastDue';
}
