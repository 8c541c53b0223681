import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import { Phrases } from '../../components/ui/Phrases.tsx';
import { cancelReasons, COMMENT_MAX, esatjConfirmations, type CancelQuoteData, type CancelReason, type CoolingOffQuote } from '../../domain/billing/plan-changes.ts';
import { CANCELLATION_SHIPPING_FEE, TABLET_TRIAL_CANCELLATION_FEE } from '../../domain/constants.ts';
import { formatDate } from '../../domain/format-date.ts';
import { formatPrice } from '../../domain/plans/pricing.ts';
import { t, tf, type MessageKey } from '../../i18n/ja.ts';
import { api, errorDataOf, errorKeyOf, statusOf } from '../../lib/api.ts';
import { $cancelQuote } from '../../lib/server-data.ts';
import { $isProcessingPayment } from '../../stores/processing.ts';
import { flashMessage, showError } from '../../stores/snackbar.ts';
import { useMemberSession } from '../member/use-member-session.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { CoolingOffOffer } from './CoolingOffOffer.tsx';
import { QuoteView } from './QuoteView.tsx';

interface Props {
  /** /cancellation: the kids/adult plan (plan_name kimini); /cancellation-mej: ESAT-J (esat). */
  kind: 'normal' | 'esatj';
}

/** `already` may still carry cooling-off: cancelling the ordinary way does not take that right away. */
type Loaded = { kind: 'quote'; quote: CancelQuoteData & Partial<CoolingOffQuote> } | { kind: 'noPlan' } | { kind: 'already'; coolingOff?: Partial<CoolingOffQuote> | undefined } | { kind: 'failed' };

const box = 'rounded-2xl bg-white p-5 shadow-sm ring-1 ring-brand-100 sm:p-6';
const checkbox = 'mt-1 h-5 w-5 shrink-0 rounded border-slate-400 text-brand-600 focus:ring-brand-500';

function confirmationText(key: (typeof esatjConfirmations)[number]): string {
  if (key === 'trialFees') return tf('cancel.confirm.trialFees', { shipping: formatPrice(CANCELLATION_SHIPPING_FEE), tablet: formatPrice(TABLET_TRIAL_CANCELLATION_FEE) });
  return t(`cancel.confirm.${key}`);
}

/** The quote's read as the page shows it: undefined while loading; 422 no plan, 409 already cancelled. */
function loadedOf(read: { data?: CancelQuoteData; error?: unknown }): Loaded | undefined {
  if (read.data) return { kind: 'quote', quote: read.data };
  if (read.error === undefined) return undefined;
  const status = statusOf(read.error);
  if (status === 409) return { kind: 'already', coolingOff: errorDataOf<Partial<CoolingOffQuote>>(read.error) };
  return status === 422 ? { kind: 'noPlan' } : { kind: 'failed' };
}

/**
 * /cancellation and /cancellation-mej (spec §2 and §4, product decisions 16 and 17): the quote first,
 * then reasons and a comment (ESAT-J: the five confirmations, all ticked), a confirm popup and the
 * request. Success goes to the feedback page; a second request is "already cancelled".
 */
export default function CancellationPage({ kind }: Props) {
  useMemberSession();
  const planName = kind === 'esatj' ? 'esat' : 'kimini';
  const read = useStore($cancelQuote[planName]);
  // Set when the request finds the plan already cancelled (another tab): that outranks the quote.
  const [override, setOverride] = useState<Loaded | undefined>(undefined);
  const loaded = override ?? loadedOf(read);
  const [reasons, setReasons] = useState<CancelReason[]>([]);
  const [comment, setComment] = useState('');
  const [ticks, setTicks] = useState<boolean[]>(esatjConfirmations.map(() => false));
  const [asking, setAsking] = useState(false);
  const [failure, setFailure] = useState<MessageKey | null>(null);
  const [busy, setBusy] = useState(false);
  const commentId = useId();

  const ready = kind === 'normal' || ticks.every(Boolean);

  const cancel = async () => {
    setAsking(false);
    setBusy(true);
    setFailure(null);
    $isProcessingPayment.set(true);
    try {
      await api('/v2/cancel', { method: 'POST', body: { plan_name: planName, reasons, comment, ...(kind === 'esatj' ? { confirmations: ticks } : {}) } });
      // The next page is a full load: the member's data are read afresh there.
      flashMessage('cancellationSucceeded');
      window.location.assign(kind === 'esatj' ? '/feedback/esatj' : '/feedback');
    } catch (error) {
      $isProcessingPayment.set(false);
      setBusy(false);
      const key = errorKeyOf(error);
      if (key === 'alreadyCancelled') {
        setOverride({ kind: 'already' });
        showError('alreadyCancelled');
        return;
      }
      setFailure(key);
      showError('cancellationFailed');
    }
  };

  // The lead is drawn with the page's HTML (the quote follows under it), so it paints at once.
  if (!loaded)
    return (
      <div className="space-y-6">
        <p className="text-sm text-muted">{t('cancel.lead')}</p>
        <p className="text-sm text-muted">{t('common.loading')}</p>
      </div>
    );
  if (loaded.kind === 'already' && loaded.coolingOff?.coolingOffUntil) {
    return (
      <div className="space-y-6">
        <p className={`${box} text-sm`}>
          <Phrases>{t('cancel.already')}</Phrases>
        </p>
        <CoolingOffOffer planName={planName} quote={loaded.coolingOff} />
      </div>
    );
  }
  if (loaded.kind !== 'quote') {
    const text = loaded.kind === 'noPlan' ? t(kind === 'esatj' ? 'cancel.noEsatj' : 'cancel.noPlan') : loaded.kind === 'already' ? t('cancel.already') : t('cancel.loadFailed');
    return (
      <p className={`${box} text-sm`}>
        <Phrases>{text}</Phrases>
      </p>
    );
  }
  const { quote } = loaded;

  return (
    <div className="space-y-6">
      <p className="text-sm text-muted">{t('cancel.lead')}</p>
      <CoolingOffOffer planName={planName} quote={quote} />
      <QuoteView quote={quote} />
      <form
        className={`${box} space-y-6`}
        onSubmit={(event) => {
          event.preventDefault();
          if (ready && !busy) setAsking(true);
        }}
      >
        {kind === 'esatj' && (
          <fieldset>
            <legend className="font-bold text-brand-800">{t('cancel.confirmTitle')}</legend>
            <ul className="mt-3 space-y-3">
              {esatjConfirmations.map((key, index) => (
                <li key={key}>
                  <label className="flex items-start gap-3 text-sm leading-relaxed">
                    <input type="checkbox" className={checkbox} checked={ticks[index]} onChange={(event) => setTicks(ticks.map((tick, i) => (i === index ? event.target.checked : tick)))} />
                    <span>{confirmationText(key)}</span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        )}
        <fieldset>
          <legend className="font-bold text-brand-800">{t('cancel.reasonsTitle')}</legend>
          <ul className="mt-3 grid gap-2 sm:grid-cols-2">
            {cancelReasons.map((reason) => (
              <li key={reason}>
                <label className="flex items-start gap-3 text-sm">
                  <input
                    type="checkbox"
                    className={checkbox}
                    checked={reasons.includes(reason)}
                    onChange={(event) => setReasons(event.target.checked ? [...reasons, reason] : reasons.filter((r) => r !== reason))}
                  />
                  <span>{t(`cancel.reason.${reason}`)}</span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
        <div>
          <label htmlFor={commentId} className="font-bold text-brand-800">
            {t('cancel.comment')}
          </label>
          <textarea
            id={commentId}
            rows={4}
            maxLength={COMMENT_MAX}
            value={comment}
            onChange={(event) => setComment(event.target.value)}
            className="mt-2 block w-full rounded-lg border border-slate-300 p-3 text-base focus:border-brand-500 focus:ring-brand-500"
          />
        </div>
        {failure && (
          <div role="alert" className="rounded-xl border border-red-300 bg-red-50 p-4 text-sm text-red-800">
            <p className="font-bold">{t('cancellationFailed')}</p>
            <p className="mt-1">{t(failure)}</p>
          </div>
        )}
        <button
          type="submit"
          disabled={!ready || busy}
          className="w-full rounded-full bg-red-700 px-6 py-3 font-bold text-white shadow hover:bg-red-800 disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-600 disabled:shadow-none sm:w-auto sm:px-12"
        >
          {t('cancel.submit')}
        </button>
      </form>
      {asking && (
        <ConfirmDialog
          title={t('cancel.dialogTitle')}
          description={dialogText(quote)}
          backLabel={t('cancel.dialogBack')}
          confirmLabel={t('cancel.dialogConfirm')}
          danger
          onBack={() => setAsking(false)}
          onConfirm={() => void cancel()}
        />
      )}
    </div>
  );
}

/** The popup tells the same case as the quote (product decision 16): a refund ends today; without one the paid period runs out. */
export function dialogText(quote: Pick<CancelQuoteData, 'planName' | 'effectiveOn' | 'endsAtOnce' | 'refund'>): string {
  const values = { plan: quote.planName, date: formatDate(quote.effectiveOn) };
  if (quote.refund > 0) return tf('cancel.dialogBodyRefund', { ...values, amount: formatPrice(quote.refund) });
  return tf(quote.endsAtOnce ? 'cancel.dialogBody' : 'cancel.dialogBodyPeriodEnd', values);
}
