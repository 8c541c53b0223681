import { useCallback, useEffect, useState } from 'react';
import type { SubscriptionList, SubscriptionView } from '../../domain/billing/contract.ts';
import { api } from '../../lib/api.ts';
import { showError } from '../../stores/snackbar.ts';

/** The member's subscriptions (GET /api/v2/subscriptions): undefined while loading, null when the call failed. */
export function useSubscriptions(enabled: boolean): { subscriptions: SubscriptionView[] | null | undefined; reload: () => void } {
  const [subscriptions, setSubscriptions] = useState<SubscriptionView[] | null | undefined>(undefined);
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (!enabled) return;
    let active = true;
    api<SubscriptionList>('/v2/subscriptions').then(
      (reply) => active && setSubscriptions(reply.data),
      () => {
        if (!active) return;
        setSubscriptions(null);
        showError('networkError');
      },
    );
    return () => {
      active = false;
    };
  }, [enabled, round]);
  return { subscriptions, reload: useCallback(() => setRound((n) => n + 1), []) };
}
