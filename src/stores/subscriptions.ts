import { computed } from 'nanostores';
import type { SubscriptionList, SubscriptionView } from '../domain/billing/contract.ts';
import { api } from '../lib/api.ts';
import { createFetcherStore, readAgain, statusOfResource, type ResourceStatus } from '../lib/fetcher.ts';

/** The member's subscriptions (GET /api/v2/subscriptions) through the fetcher layer. */
export const $subscriptionsQuery = createFetcherStore<SubscriptionView[]>(['/v2/subscriptions'], {
  fetcher: async () => (await api<SubscriptionList>('/v2/subscriptions')).data,
});

/** The subscriptions as the menu, My Page's plans and the plan-change pages show them. */
export interface SubscriptionsState {
  status: ResourceStatus;
  list: SubscriptionView[];
}

export const $subscriptions = computed($subscriptionsQuery, (value): SubscriptionsState => {
  const status = statusOfResource(value);
  return { status, list: status === 'failed' ? [] : (value.data ?? []) };
});

/** Reads the subscriptions again after a change (a saved card may have settled a past-due plan). */
export function reloadSubscriptions(): Promise<void> {
  return readAgain($subscriptionsQuery);
}

/** The plans a member holds: every subscription that has not ended. */
export function livePlans(list: readonly SubscriptionView[]): SubscriptionView[] {
  return list.filter((sub) => sub.status !== 'ended');
}

/** What the server renders with: nothing read yet. */
export const INITIAL_SUBSCRIPTIONS: SubscriptionsState = { status: 'idle', list: [] };

/**
 * The plans My Page shows: the live ones, and an ended one while its cancellation is recent (the
 * refund, the end day, the device to return) or a payment of it is still open (product decision 27).
 */
export function myPagePlans(list: readonly SubscriptionView[]): SubscriptionView[] {
  return list.filter((sub) => sub.status !== 'ended' || sub.cancellation !== null || sub.openPayments.length > 0);
}
