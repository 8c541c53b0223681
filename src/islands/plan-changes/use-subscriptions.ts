import { useEffect } from 'react';
import type { SubscriptionView } from '../../domain/billing/contract.ts';
import { showError } from '../../stores/snackbar.ts';
import { $subscriptions, INITIAL_SUBSCRIPTIONS, reloadSubscriptions } from '../../stores/subscriptions.ts';
import { useHydratedStore } from '../../stores/use-hydrated-store.ts';

/**
 * The member's subscriptions for the plan-change pages (the shared store): undefined while
 * loading or until `enabled`, null when the read failed (said once in the snackbar).
 */
export function useSubscriptions(enabled: boolean): { subscriptions: SubscriptionView[] | null | undefined; reload: () => void } {
  const { status, list } = useHydratedStore($subscriptions, INITIAL_SUBSCRIPTIONS);
  const failed = enabled && status === 'failed';
  useEffect(() => {
    if (failed) showError('networkError');
  }, [failed]);
  const subscriptions = !enabled || status === 'idle' || status === 'loading' ? undefined : failed ? null : list;
  return { subscriptions, reload: reloadSubscriptions };
}
