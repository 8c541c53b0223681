import { useState } from 'react';
import { Phrases } from '../../components/ui/Phrases.tsx';
import type { CancelPlanName, CoolingOffQuote } from '../../domain/billing/plan-changes.ts';
import { formatDate } from '../../domain/format-date.ts';
import { formatPrice } from '../../domain/plans/pricing.ts';
import { t, tf } from '../../i18n/ja.ts';
import { api, errorKeyOf } from '../../lib/api.ts';
import { $isProcessingPayment } from '../../stores/processing.ts';
import { showError } from '../../stores/snackbar.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';

/**
 * Cooling-off on the cancellation page (product decision 30): offered while it applies, with its
 * last day and what comes back; ends the contract today with everything paid refunded.
 */
export function CoolingOffOffer({ planName, quote }: { planName: CancelPlanName; quote: Partial<CoolingOffQuote> }) {
  const [asking, setAsking] = useState(false);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!quote.coolingOffUntil) return null;
  const lead = tf('coolingOff.lead', { date: formatDate(quote.coolingOffUntil), amount: formatPrice(quote.coolingOffRefund ?? 0) });
  if (done) {
    return (
      <section role="status" className="rounded-2xl bg-white p-5 ring-2 ring-brand-300 sm:p-6">
        <h2 className="font-bold text-brand-800">{t('coolingOff.title')}</h2>
        <p className="mt-2 text-sm">
          <Phrases>{t('coolingOff.done')}</Phrases>
        </p>
      </section>
    );
  }
  const coolOff = async () => {
    setAsking(false);
    setBusy(true);
    $isProcessingPayment.set(true);
    try {
      await api('/v2/cancel', { method: 'POST', body: { plan_name: planName, reasons: [], cooling_off: true } });
      setDone(true);
    } catch (error) {
      showError(errorKeyOf(error));
    } finally {
      $isProcessingPayment.set(false);
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="cooling-off-title" className="rounded-2xl bg-white p-5 ring-2 ring-brand-300 sm:p-6">
      <h2 id="cooling-off-title" className="font-bold text-brand-800">
        {t('coolingOff.title')}
      </h2>
      <p className="mt-2 text-sm leading-relaxed">
        <Phrases>{lead}</Phrases>
      </p>
      <button type="button" disabled={busy} onClick={() => setAsking(true)} className="mt-4 w-full rounded-full bg-brand-700 px-6 py-3 font-bold text-white hover:bg-brand-800 disabled:opacity-60 sm:w-auto">
        <Phrases>{t('coolingOff.confirm')}</Phrases>
      </button>
      {asking && (
        <ConfirmDialog title={t('coolingOff.title')} description={lead} backLabel={t('cancel.dialogBack')} confirmLabel={t('coolingOff.confirm')} danger onBack={() => setAsking(false)} onConfirm={() => void coolOff()} />
      )}
    </section>
  );
}
