import type { CancelQuoteData } from '../../domain/billing/plan-changes.ts';
import { formatDate } from '../../domain/format-date.ts';
import { formatPrice } from '../../domain/plans/pricing.ts';
import { t, tf } from '../../i18n/ja.ts';
import { Figure } from './ConfirmDialog.tsx';

/**
 * The cancellation quote before anything is asked (product decision 16, 消費者契約法 9条): when it takes
 * effect, each fee, the refund, the return deadline, and in plain Japanese how each was computed.
 */
export function QuoteView({ quote }: { quote: CancelQuoteData }) {
  return (
    <section aria-labelledby="cancel-quote" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-brand-100 sm:p-6">
      <h2 id="cancel-quote" className="text-lg text-brand-800">
        {t('cancel.quoteTitle')}
      </h2>
      <dl className="mt-4 divide-y divide-brand-100 rounded-xl ring-1 ring-brand-100" data-testid="cancel-quote">
        <Figure label={t('cancel.plan')}>{quote.planName}</Figure>
        <Figure label={t('cancel.effectiveOn')}>{quote.endsAtOnce ? tf('cancel.effectiveNow', { date: formatDate(quote.effectiveOn) }) : formatDate(quote.effectiveOn)}</Figure>
        <Figure label={t('cancel.fees')}>
          {quote.fees.length === 0 ? (
            t('cancel.noFee')
          ) : (
            <ul>
              {quote.fees.map((fee) => (
                <li key={fee.kind}>
                  {t(`billing.fee.${fee.kind}`)} {formatPrice(fee.amount)}
                </li>
              ))}
            </ul>
          )}
        </Figure>
        <Figure label={t('cancel.refund')}>{quote.refund > 0 ? formatPrice(quote.refund) : t('cancel.noRefund')}</Figure>
        <Figure label={t('cancel.returnBy')}>{quote.deviceReturnBy ? formatDate(quote.deviceReturnBy) : t('cancel.nothingToReturn')}</Figure>
      </dl>
      <h3 className="mt-6 font-bold text-brand-800">{t('cancel.howTitle')}</h3>
      <ol className="mt-2 list-decimal space-y-2 pl-5 text-sm leading-relaxed">
        {quote.explanationLines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ol>
    </section>
  );
}
