import type { SubscriptionView } from '../../domain/billing/contract.ts';
import { formatDate } from '../../domain/format-date.ts';
import { tf } from '../../i18n/ja.ts';
import { useMemberSession } from '../member/use-member-session.ts';
import { useSubscriptions } from './use-subscriptions.ts';

/** The plans whose cancellation is requested: My Page says when each ends (product decision 16). */
export function endingPlans(subscriptions: SubscriptionView[]): { id: string; text: string }[] {
  return subscriptions
    .filter((sub) => sub.status === 'cancelRequested' && sub.endsOn)
    .map((sub) => ({ id: sub.id, text: tf('cancel.endingNotice', { plan: sub.planName, date: formatDate(sub.endsOn!) }) }));
}

/** My Page: "cancellation requested, ends on …" for each such plan, until it has ended. */
export default function PlanEndNotice() {
  const session = useMemberSession();
  const { subscriptions } = useSubscriptions(session !== null);
  const ending = subscriptions ? endingPlans(subscriptions) : [];
  if (ending.length === 0) return null;
  return (
    <div role="note" className="mb-6 space-y-1 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-sm">
      {ending.map((plan) => (
        <p key={plan.id}>{plan.text}</p>
      ))}
    </div>
  );
}
