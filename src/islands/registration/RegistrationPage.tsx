import { useStore } from '@nanostores/react';
import { useCallback, useId, useRef, useState } from 'react';
import type { StoredAddress } from '../../domain/address-schemas.ts';
import { planKindOfCategory } from '../../domain/plans/availability.ts';
import { orderRequestFor, planFingerprint } from '../../domain/plans/order.ts';
import { emptySelection, resolveOption } from '../../domain/plans/selection.ts';
import { isSpecifiedServicePlan } from '../../domain/plans/specified-service.ts';
import type { Category } from '../../domain/plans/types.ts';
import { t } from '../../i18n/ja.ts';
import { errorKeyOf } from '../../lib/api.ts';
import { markConversion } from '../../lib/conversion.ts';
import { OrderLoopError } from '../../lib/registration/order-loop.ts';
import { FIRST_LOGIN_KEY, ORDER_COMPLETED_KEY, submitOrder } from '../../lib/registration/place-order.ts';
import { newUuid } from '../../lib/uuid.ts';
import { $planSelection } from '../../stores/plan-selection.ts';
import { $isProcessingPayment } from '../../stores/processing.ts';
import { showError } from '../../stores/snackbar.ts';
import { $subscriptions, INITIAL_SUBSCRIPTIONS, livePlans } from '../../stores/subscriptions.ts';
import { useHydratedStore } from '../../stores/use-hydrated-store.ts';
import { useMemberSession } from '../member/use-member-session.ts';
import PlanChooser from '../plans/PlanChooser.tsx';
import { useChosenPlan } from '../plans/use-chosen-plan.ts';
import { AddressBook } from './address/AddressBook.tsx';
import { AuthDialog } from './card/AuthDialog.tsx';
import { CardSection } from './card/CardSection.tsx';
import { ConfirmSection } from './ConfirmSection.tsx';
import { SpecifiedServiceNotice } from './SpecifiedServiceNotice.tsx';

interface Props {
  /** The category the route names (/registration/kodomo …), preselected. */
  initialCategory?: Category | undefined;
  /** The categories the route offers. */
  offeredCategories: Category[];
}

const sectionClass = 'rounded-2xl bg-white p-5 shadow-sm ring-1 ring-brand-100 sm:p-6';

/**
 * The registration screen (spec §2): plan, address, card and confirmation, then the order. The
 * address waits for a complete plan, the card for a selected address, the order for all three.
 */
export default function RegistrationPage({ initialCategory, offeredCategories }: Props) {
  useMemberSession();
  const { selection, products, summary } = useChosenPlan(initialCategory);
  const processing = useStore($isProcessingPayment);
  const [address, setAddress] = useState<StoredAddress | null>(null);
  const [hasCard, setHasCard] = useState(false);
  const attempt = useRef<{ key: string; fingerprint: string } | null>(null);
  const busy = useRef(false);
  const planHeading = useId();
  const confirmHeading = useId();

  // One plan of each kind (spec §1): a member who holds one is told as soon as the category is
  // chosen, not after filling in the whole order (issue 27). The API refuses it anyway.
  const subscriptions = useHydratedStore($subscriptions, INITIAL_SUBSCRIPTIONS);
  const kind = selection.category ? planKindOfCategory(selection.category) : undefined;
  const held = kind !== undefined && livePlans(subscriptions.list).some((subscription) => subscription.kind === kind);
  const hasPlan = summary.total > 0 && !held;
  // 特定継続的役務提供 (product decision 30): the 概要書面 first, and consent to documents by mail.
  const resolved = hasPlan ? resolveOption(products, selection) : undefined;
  const specifiedPlan = resolved && isSpecifiedServicePlan(resolved.item) ? { productId: resolved.product.id, optionId: resolved.item.id, contractMonth: resolved.item.contract_month } : undefined;
  const [consent, setConsent] = useState(false);
  const ready = hasPlan && address !== null && hasCard && (!specifiedPlan || consent);

  const onCardChange = useCallback((card: unknown) => setHasCard(card !== null), []);

  const placeOrder = async () => {
    if (busy.current) return;
    const draft = orderRequestFor(products, selection, '');
    if (!draft || !ready) return;
    // One key per attempt at one plan: a double click or a retry after a lost connection sends the
    // same key, so the server continues the same order instead of making a second one.
    const fingerprint = planFingerprint(draft);
    if (attempt.current?.fingerprint !== fingerprint) attempt.current = { key: newUuid(), fingerprint };
    busy.current = true;
    $isProcessingPayment.set(true);
    try {
      const reply = await submitOrder({ ...draft, idempotency_key: attempt.current.key, electronic_delivery_consent: Boolean(specifiedPlan) && consent });
      markConversion({ kind: 'order', orderId: reply.order.id, category: draft.isESATJ ? 'esatj' : 'normal' });
      $planSelection.set(emptySelection);
      if (reply.kimini) sessionStorage.setItem(FIRST_LOGIN_KEY, reply.kimini.first_login_url);
      else sessionStorage.removeItem(FIRST_LOGIN_KEY);
      sessionStorage.setItem(ORDER_COMPLETED_KEY, reply.order.id);
      // The overlay stays until the next page is there.
      window.location.assign(draft.isESATJ ? '/signup-completed/musio_esatj' : '/signup-completed');
    } catch (error) {
      const key = error instanceof OrderLoopError ? 'authenticationFailed' : errorKeyOf(error);
      // A refusal ends this attempt (a new one starts afresh); a lost connection keeps the key.
      if (key !== 'networkError') attempt.current = null;
      busy.current = false;
      $isProcessingPayment.set(false);
      showError(key);
    }
  };

  return (
    <div className="space-y-8">
      <section aria-labelledby={planHeading} className={sectionClass}>
        <h2 id={planHeading} className="mb-6 text-lg text-brand-800">
          {t('registration.section.plan')}
        </h2>
        <PlanChooser mode="registration" notes={t('registration.planNotes')} initialCategory={initialCategory} offeredCategories={offeredCategories} />
        {held && (
          <div role="alert" className="mt-6 space-y-2 rounded-lg bg-accent-400/20 px-4 py-3 text-sm">
            <p className="font-medium">{t(kind === 'esatj' ? 'registration.kindHeld.esatj' : 'registration.kindHeld.normal')}</p>
            <a href="/mypage" className="font-bold text-brand-700 underline">
              {t('registration.kindHeld.mypage')}
            </a>
          </div>
        )}
      </section>

      <div className={sectionClass}>
        <AddressBook disabled={!hasPlan} onSelectedChange={setAddress} />
      </div>

      <div className={sectionClass}>
        <CardSection disabled={address === null} onCardChange={onCardChange} />
      </div>

      {specifiedPlan ? (
        <div className={sectionClass}>
          <SpecifiedServiceNotice plan={specifiedPlan} consent={consent} onConsentChange={setConsent} />
        </div>
      ) : null}

      <div className={sectionClass}>
        <ConfirmSection headingId={confirmHeading} selection={selection} summary={summary} ready={ready} processing={processing} onSubmit={() => void placeOrder()} />
      </div>

      <AuthDialog />
    </div>
  );
}
