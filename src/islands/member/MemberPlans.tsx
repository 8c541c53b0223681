import type { ReactNode } from 'react';
import type { SubscriptionView } from '../../domain/billing/contract.ts';
import { formatDate } from '../../domain/format-date.ts';
import { ORDER_AGAIN_ITEMS } from '../../domain/member/menu.ts';
import { paymentFailureKey } from '../../domain/payment-failures.ts';
import { formatPrice } from '../../domain/plans/pricing.ts';
import { t, tf } from '../../i18n/ja.ts';
import { nextPaymentText } from '../../lib/billing/next-payment-text.ts';
import { useHydratedStore } from '../../stores/use-hydrated-store.ts';
import { $subscriptions, INITIAL_SUBSCRIPTIONS, myPagePlans, type SubscriptionsState } from '../../stores/subscriptions.ts';

/** My Page's plans: each live plan with its state (trial until, next payment, cancellation, end). */
export default function MemberPlans() {
  const { status, list } = useHydratedStore($subscriptions, INITIAL_SUBSCRIPTIONS);
  return <MemberPlansView status={status} plans={myPagePlans(list)} />;
}

/** The section for one state of the plans: loading, failed, none (how to order again) or the cards. */
export function MemberPlansView({ status, plans }: { status: SubscriptionsState['status']; plans: SubscriptionView[] }) {
  return (
    <section aria-labelledby="member-plans" aria-busy={status === 'idle' || status === 'loading'} className="mt-10">
      <h2 id="member-plans" className="text-lg text-brand-800">
        {t('mypage.plans.title')}
      </h2>
      {status === 'idle' || status === 'loading' ? (
        // A card's height is kept while the plans load, so what follows does not move down when they arrive (issue 27).
        <p className="mt-4 min-h-56 text-sm text-muted">{t('common.loading')}</p>
      ) : status === 'failed' ? (
        <p className="mt-3 text-sm text-muted">{t('mypage.plans.loadFailed')}</p>
      ) : plans.length === 0 ? (
        // Every plan has ended: how to order again, in the space the plans' cards keep while they load.
        <div className="mt-4 min-h-56 space-y-3 rounded-2xl bg-white p-5 ring-1 ring-brand-100">
          <p className="text-sm">{t('mypage.plans.none')}</p>
          <p className="text-sm text-muted">{t('mypage.plans.orderAgain')}</p>
          <ul className="flex flex-wrap gap-3 pt-1">
            {ORDER_AGAIN_ITEMS.map((item) => (
              <li key={item.id}>
                <a href={item.href} className="inline-block rounded-full bg-brand-600 px-5 py-2.5 text-sm font-bold text-white hover:bg-brand-700">
                  {t(`mypage.item.${item.id}`)}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <ul className="mt-4 min-h-56 space-y-4">
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

/** Why a charge failed, in the member's words (the same for every decline that is not funds or 3-D Secure). */
function reasonOf(code: string | null): string {
  return t(`mypage.plans.reason.${paymentFailureKey(code)}`);
}

function retryText(nextRetryOn: string | null): string {
  return nextRetryOn ? tf('mypage.plans.retryOn', { date: formatDate(nextRetryOn) }) : t('mypage.plans.noRetry');
}

/** A plan's name inside a sentence: never broken at its spaces (「ベーシックプラン 1か月」｜「月4回は…」 at 375 px). */
function withPlanName(text: string, planName: string): ReactNode {
  const at = text.indexOf(planName);
  if (at === -1) return text;
  return (
    <>
      {text.slice(0, at)}
      <span className="whitespace-nowrap">{planName}</span>
      {text.slice(at + planName.length)}
    </>
  );
}

/** What the member confirmed when cancelling: the same end date and figures as the quote and the mail. */
function cancellationLines(plan: SubscriptionView): ReactNode[] {
  const done = plan.cancellation;
  if (!done) return [];
  const fees = done.fees.map((fee) => `${t(`billing.fee.${fee.kind}`)} ${formatPrice(fee.amount)}`).join('、');
  return [
    plan.status === 'ended' ? withPlanName(tf('mypage.plans.ended', { plan: plan.planName, date: formatDate(done.effectiveOn) }), plan.planName) : '',
    done.refund > 0 ? tf('mypage.plans.refund', { amount: formatPrice(done.refund) }) : t('mypage.plans.noRefund'),
    fees ? tf('mypage.plans.fees', { fees }) : '',
    done.deviceReturnBy ? tf('mypage.plans.returnBy', { date: formatDate(done.deviceReturnBy) }) : '',
  ].filter(Boolean);
}

export function PlanCard({ plan }: { plan: SubscriptionView }) {
  const rows: [string, string][] = [
    [t('mypage.plans.state'), t(`billing.status.${plan.status}`)],
    [t('mypage.plans.price'), tf('mypage.plans.priceValue', { amount: formatPrice(plan.periodPrice), months: String(plan.contractMonth) })],
  ];
  if (plan.trialLastDay && plan.status === 'trialing') rows.push([t('mypage.plans.trialUntil'), formatDate(plan.trialLastDay)]);
  rows.push([t('mypage.plans.nextPayment'), nextPaymentText(plan.nextPayment)]);
  if (plan.cancelRequestedAt) rows.push([t('mypage.plans.cancelRequested'), formatDate(new Date(plan.cancelRequestedAt))]);
  if (plan.endsOn) rows.push([t('mypage.plans.endsOn'), formatDate(plan.endsOn)]);
  const ending = cancellationLines(plan);
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
      {ending.length > 0 && (
        <div role="note" className="mt-3 space-y-1 rounded-lg bg-amber-50 p-3 text-sm text-amber-950">
          {ending.map((line, index) => (
            <p key={index}>{line}</p>
          ))}
        </div>
      )}
      {plan.pastDue && (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {plan.status === 'pastDue'
            ? tf('mypage.plans.suspended', { amount: formatPrice(plan.pastDue.amount), reason: reasonOf(plan.pastDue.failureCode) })
            : tf('mypage.plans.retrying', { amount: formatPrice(plan.pastDue.amount), reason: reasonOf(plan.pastDue.failureCode), retry: retryText(plan.pastDue.nextRetryOn) })}{' '}
          <a href="/payment-card" className="font-bold underline">
            {t('mypage.plans.updateCard')}
          </a>
        </p>
      )}
      <OpenPayments plan={plan} />
    </article>
  );
}

/** Fees, buyouts and textbooks whose charge failed (product decision 27): open, with the reason; a new card pays them at once. */
function OpenPayments({ plan }: { plan: SubscriptionView }) {
  if (plan.openPayments.length === 0) return null;
  return (
    <div role="alert" className="mt-3 rounded-lg bg-red-50 p-3 text-sm text-red-800">
      <p className="font-bold">{t('mypage.plans.openPaymentsTitle')}</p>
      {plan.openPayments.map((payment) => (
        <p key={payment.chargeId} className="mt-1">
          {tf('mypage.plans.openPayment', { what: payment.description, amount: formatPrice(payment.amount), reason: reasonOf(payment.failureCode), retry: retryText(payment.nextRetryOn) })}
        </p>
      ))}
      <a href="/payment-card" className="mt-1 inline-block font-bold underline">
        {t('mypage.plans.updateCard')}
      </a>
    </div>
  );
}
