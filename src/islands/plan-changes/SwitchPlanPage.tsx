import { Phrases } from '../../components/ui/Phrases.tsx';
import { useStore } from '@nanostores/react';
import { useRef, useState } from 'react';
import type { SubscriptionView } from '../../domain/billing/contract.ts';
import type { SwitchPlanRequest, SwitchPreview } from '../../domain/billing/plan-changes.ts';
import { formatDate } from '../../domain/format-date.ts';
import { orderRequestFor } from '../../domain/plans/order.ts';
import { formatPrice } from '../../domain/plans/pricing.ts';
import { emptySelection } from '../../domain/plans/selection.ts';
import type { Category } from '../../domain/plans/types.ts';
import { t, tf, type MessageKey } from '../../i18n/ja.ts';
import { errorKeyOf } from '../../lib/api.ts';
import { previewSwitch, submitSwitch, SwitchLoopError } from '../../lib/billing/switch-plan.ts';
import { newUuid } from '../../lib/uuid.ts';
import { $planSelection } from '../../stores/plan-selection.ts';
import { $isProcessingPayment } from '../../stores/processing.ts';
import { showError, showEvent } from '../../stores/snackbar.ts';
import { useMemberSession } from '../member/use-member-session.ts';
import PlanChooser from '../plans/PlanChooser.tsx';
import { useChosenPlan } from '../plans/use-chosen-plan.ts';
import { AuthDialog } from '../registration/card/AuthDialog.tsx';
import { ConfirmDialog, Figure } from './ConfirmDialog.tsx';
import { useSubscriptions } from './use-subscriptions.ts';
import { nextPaymentText } from '../../lib/billing/next-payment-text.ts';

type Outcome = { kind: 'switched' } | { kind: 'failed'; reason: MessageKey } | null;

const box = 'rounded-2xl bg-white p-5 shadow-sm ring-1 ring-brand-100 sm:p-6';

/** The plan the page changes: the kids/adult plan first (spec: plan data come from the non-ESAT-J record), else ESAT-J. */
function switchable(subscriptions: SubscriptionView[]): SubscriptionView | undefined {
  const live = subscriptions.filter((sub) => sub.status !== 'ended');
  return live.find((sub) => sub.kind === 'normal') ?? live[0];
}

function SupportLink() {
  return (
    <a href="/support" className="mt-3 inline-block font-bold text-brand-700 underline underline-offset-2">
      {t('switch.toSupport')}
    </a>
  );
}

/**
 * /switch-plan (spec §2 and §4, product decision 15): the billing notes, the plan chooser of registration,
 * a confirm dialog with the plan name and price, then the switch with 3-D Secure as often as the
 * bank asks. In the trial the page points to the support form.
 */
export default function SwitchPlanPage() {
  const session = useMemberSession();
  const { subscriptions, reload } = useSubscriptions(session !== null);
  const current = subscriptions ? switchable(subscriptions) : undefined;
  const categories: Category[] = current?.kind === 'esatj' ? ['esatj'] : ['kodomo', 'otona'];
  const { selection, products } = useChosenPlan(undefined);
  const processing = useStore($isProcessingPayment);
  const [preview, setPreview] = useState<{ request: SwitchPlanRequest; data: SwitchPreview['data'] } | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [planName, setPlanName] = useState<string | null>(null);
  const attempt = useRef<{ key: string; fingerprint: string } | null>(null);

  const draft = orderRequestFor(products, selection, '');
  const request: SwitchPlanRequest | undefined = draft && {
    productId: draft.productId,
    option: { id: draft.option.id, name: draft.option.name, price: draft.option.price, textbook: [] },
    contract_month: draft.contract_month,
    safety_plan: draft.safety_plan,
  };

  const openPreview = async () => {
    if (!request || processing) return;
    setOutcome(null);
    $isProcessingPayment.set(true);
    try {
      setPreview({ request, data: (await previewSwitch(request)).data });
    } catch (error) {
      showError(errorKeyOf(error));
    } finally {
      $isProcessingPayment.set(false);
    }
  };

  const confirm = async () => {
    if (!preview) return;
    const { request: chosen } = preview;
    setPreview(null);
    // One key per attempt at one plan: a double click or a retry continues the same switch.
    const fingerprint = JSON.stringify(chosen);
    if (attempt.current?.fingerprint !== fingerprint) attempt.current = { key: newUuid(), fingerprint };
    $isProcessingPayment.set(true);
    try {
      const reply = await submitSwitch({ ...chosen, idempotency_key: attempt.current.key });
      attempt.current = null;
      setPlanName(reply.plan.name);
      setOutcome({ kind: 'switched' });
      showEvent('switchPlanSucceeded');
      $planSelection.set(emptySelection);
      reload();
    } catch (error) {
      const reason = error instanceof SwitchLoopError ? 'authenticationFailed' : errorKeyOf(error);
      if (reason !== 'networkError') attempt.current = null;
      setOutcome({ kind: 'failed', reason });
      showError('switchPlanFailed');
    } finally {
      $isProcessingPayment.set(false);
    }
  };

  let body;
  if (subscriptions === undefined) body = <p className="text-sm text-muted">{t('common.loading')}</p>;
  else if (!current)
    body = (
      <p className={`${box} text-sm`}>
        <Phrases>{t('switch.noPlan')}</Phrases>
      </p>
    );
  else if (current.status === 'trialing' || current.status === 'awaitingShipment') {
    body = (
      <div role="note" className="rounded-2xl border border-amber-300 bg-amber-50 p-5 text-sm">
        <p>
          <Phrases>{t('switch.inTrial')}</Phrases>
        </p>
        <SupportLink />
      </div>
    );
  } else if (current.status !== 'active') {
    body = (
      <p className="rounded-2xl border border-amber-300 bg-amber-50 p-5 text-sm">
        <Phrases>{t('switch.notActive')}</Phrases>
      </p>
    );
  } else {
    body = (
      <>
        <section aria-labelledby="switch-choose" className={box}>
          <h2 id="switch-choose" className="mb-6 text-lg text-brand-800">
            {t('switch.choose')}
          </h2>
          <PlanChooser mode="switch" notes={t('switch.noteNoRefund')} offeredCategories={categories} />
        </section>
        <button
          type="button"
          disabled={!request || processing}
          onClick={() => void openPreview()}
          className="w-full rounded-full bg-brand-600 px-6 py-3 font-bold text-white shadow hover:bg-brand-700 disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-600 disabled:shadow-none sm:w-auto sm:px-12"
        >
          {t('switch.submit')}
        </button>
      </>
    );
  }

  return (
    <div className="space-y-6">
      {current && (
        <dl aria-label={t('switch.current')} className="divide-y divide-brand-100 rounded-2xl bg-white ring-1 ring-brand-100">
          <Figure label={t('switch.current')}>{planName ?? current.planName}</Figure>
          <Figure label={t('switch.nextPayment')}>{nextPaymentText(current.nextPayment)}</Figure>
        </dl>
      )}
      {outcome?.kind === 'switched' && (
        <p role="status" className="rounded-2xl border border-green-300 bg-green-50 p-4 text-sm font-bold text-green-800">
          {t('switchPlanSucceeded')}
        </p>
      )}
      {outcome?.kind === 'failed' && (
        <div role="alert" className="rounded-2xl border border-red-300 bg-red-50 p-4 text-sm text-red-800">
          <p className="font-bold">{t('switchPlanFailed')}</p>
          <p className="mt-1">{tf('switch.failedReason', { reason: t(outcome.reason) })}</p>
          {outcome.reason === 'switchInTrial' && <SupportLink />}
        </div>
      )}
      {body}
      {preview && (
        <ConfirmDialog
          title={t('switch.confirmTitle')}
          description={t('switch.confirmNote')}
          backLabel={t('switch.back')}
          confirmLabel={t('switch.confirm')}
          onBack={() => setPreview(null)}
          onConfirm={() => void confirm()}
        >
          <dl className="mt-4 divide-y divide-brand-100 rounded-xl ring-1 ring-brand-100">
            <Figure label={t('switch.confirmPlan')}>{preview.data.planName}</Figure>
            <Figure label={t('switch.confirmPrice')}>{formatPrice(preview.data.price_change ?? preview.data.price)}</Figure>
            <Figure label={t('switch.confirmChargedToday')}>{formatPrice(preview.data.chargedToday)}</Figure>
            <Figure label={t('switch.confirmNextPay')}>{formatDate(preview.data.nextPayAt)}</Figure>
          </dl>
        </ConfirmDialog>
      )}
      <AuthDialog />
    </div>
  );
}
