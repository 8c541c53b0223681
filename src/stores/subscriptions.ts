import { map } from 'nanostores';
import type { SubscriptionView } from '../domain/billing/contract.ts';
import { api } from '../lib/api.ts';

/** The member's subscriptions (GET /api/v2/subscriptions), shared by the menu and My Page's plans. */
export interface SubscriptionsState {
  status: 'idle' | 'loading' | 'ready' | 'failed';
  list: SubscriptionView[];
}

export const $subscriptions = map<SubscriptionsState>({ status: 'idle', list: [] });

let loading: Promise<void> | undefined;

/** Reads the subscriptions; concurrent callers share one request. `force` reads again after a change. */
export function loadSubscriptions(force = false): Promise<void> {
  if (!force && $subscriptions.get().status === 'ready') return Promise.resolve();
  loading ??= (async () => {
    if ($subscriptions.get().status !== 'ready') $subscriptions.setKey('status', 'loading');
    try {
      const reply = await api<{ data: SubscriptionView[] }>('/v2/subscriptions');
      $subscriptions.set({ status: 'ready', list: reply.data });
    } catch {
      $subscriptions.set({ status: 'failed', list: [] });
    } finally {
      loading = undefined;
    }
  })();
  return loading;
}

/** The plans a member holds: every subscription that has not ended. */
export function livePlans(list: readonly SubscriptionView[]): SubscriptionView[] {
  return list.filter((sub) => sub.status !== 'ended');
}

/** What the server renders with: nothing read yet. */
export const INITIAL_SUBSCRIPTIONS: SubscriptionsState = { status: 'idle', list: [] };
