import type { SubscriptionView } from '../../domain/billing/contract.ts';
import { formatDate } from '../../domain/format-date.ts';
import { formatPrice } from '../../domain/plans/pricing.ts';
import { t, tf } from '../../i18n/ja.ts';
import { useHydratedStore } from '../../stores/use-hydrated-store.ts';
import { $subscriptions, INITIAL_SUBSCRIPTIONS, livePlans } from '../../stores/subscriptions.ts';

/** My Page's plans: each live plan with its state (trial until, next payment, cancellation, end). */
export default function MemberPlans() {
  const { status, list } = useHydratedStore($subscriptions, INITIAL_SUBSCRIPTIONS);
  const plans = livePlans(list);
  return (
    <section aria-labelledby="member-plans" aria-busy={status === 'idle' || status === 'loading'} className="mt-10">
      <h2 id="member-plans" className="text-lg text-brand-800">
        {t('mypage.plans.title')}
      </h2>
      {status === 'idle' || status === 'loading' ? (
        <p className="mt-3 text-sm text-muted">{t('common.loading')}</p>
      ) : status === 'failed' ? (
        <p className="mt-3 text-sm text-muted">{t('mypage.plans.loadFailed')}</p>
      ) : plans.length === 0 ? (
        <p className="mt-3 text-sm text-muted">{t('mypage.plans.none')}</p>
      ) : (
        <ul className="mt-4 space-y-4">
          {plans.map((plan) => (
            <li key={plan.id}>
              <PlanCard plan={plan} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function PlanCard({ plan }: { plan: SubscriptionView }) {
  const rows: [string, string][] = [
    [t('mypage.plans.state'), t(`billing.status.${plan.status}`)],
    [t('mypage.plans.price'), tf('mypage.plans.priceValue', { amount: formatPrice(plan.periodPrice), months: String(plan.contractMonth) })],
  ];
  if (plan.status === 'awaitingShipment') rows.push([t('mypage.plans.nextPayment'), t('member.trialPending')]);
  if (plan.trialLastDay && plan.status === 'trialing') rows.push([t('mypage.plans.trialUntil'), formatDate(plan.trialLastDay)]);
  if (plan.nextPayAt) rows.push([t('mypage.plans.nextPayment'), formatDate(plan.nextPayAt)]);
  if (plan.cancelRequestedAt) rows.push([t('mypage.plans.cancelRequested'), formatDate(new Date(plan.cancelRequestedAt))]);
  if (plan.endsOn) rows.push([t('mypage.plans.endsOn'), formatDate(plan.endsOn)]);
  return (
    <article aria-label={plan.planName} className="rounded-2xl bg-white p-5 ring-1 ring-brand-100">
      <p className="text-xs font-bold text-muted">{t(`mypage.plans.kind.${plan.kind}`)}</p>
      <h3 className="mt-1 text-base font-bold text-ink">{plan.planName}</h3>
      <dl className="mt-3 grid grid-cols-[9rem_1fr] gap-x-4 gap-y-2 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-bold text-muted">{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {plan.pastDue && (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {tf('mypage.plans.pastDue', { amount: formatPrice(plan.pastDue.amount) })}{' '}
          <a href="/payment-card" className="font-bold underline">
            {t('mypage.plans.updateCard')}
          </a>
        </p>
      )}
    </article>
  );
}
