import { CANCELLATION_SHIPPING_FEE, REFUND_RATE, TABLET_TRIAL_CANCELLATION_FEE, TRIAL_DAYS } from '../../domain/constants.ts';
import { formatPrice } from '../../domain/plans/pricing.ts';
import type { PriceSummary } from '../../domain/plans/selection.ts';
import type { PlanSelection } from '../../domain/plans/types.ts';
import { t, tf } from '../../i18n/ja.ts';

interface Props {
  headingId: string;
  selection: PlanSelection;
  /** The selection's price from the catalogue (total 0 while the plan is incomplete). */
  summary: PriceSummary;
  /** A plan, an address and a card: the order can be placed. */
  ready: boolean;
  processing: boolean;
  onSubmit: () => void;
}

/** 「キッズ・ベーシック・12か月・月4回」: the plan in the words of the chooser. */
export function describeSelection(selection: PlanSelection): string {
  const parts = [
    selection.category && t(`plan.category.${selection.category}`),
    selection.packageType && t(`plan.package.${selection.packageType}`),
    selection.subscriptionType && t(`plan.period.${selection.subscriptionType}`),
    selection.frequency && t(`plan.lessons.${selection.frequency}`),
    selection.packageContent && t(`plan.content.${selection.packageContent}`),
  ];
  return parts.filter(Boolean).join('・');
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 px-4 py-3 text-sm sm:grid-cols-[13rem_1fr] sm:gap-4">
      <dt className="font-bold text-muted">{label}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

/**
 * The final confirmation screen Japanese law asks of subscriptions (特定商取引法 §12-6): what is
 * bought, the price from the second payment on, when and how payment happens, when the service
 * starts and how to cancel at what cost, all above the button that places the order.
 */
export function ConfirmSection({ headingId, selection, summary, ready, processing, onSubmit }: Props) {
  const hasPlan = summary.total > 0;
  const books = selection.books.filter((book) => book !== 'none');
  const isTablet = selection.packageType === 'ipad';
  const notesId = `${headingId}-needs`;

  return (
    <section aria-labelledby={headingId} className="space-y-5">
      <h2 id={headingId} className="text-lg text-brand-800">
        {t('registration.section.confirm')}
      </h2>
      <p className="text-sm text-muted">{t('confirm.lead')}</p>

      <dl className="divide-y divide-brand-100 rounded-2xl bg-white ring-1 ring-brand-100" data-testid="order-summary">
        <Row label={t('confirm.plan')}>{hasPlan ? describeSelection(selection) : t('common.none')}</Row>
        <Row label={t('confirm.monthly')}>{hasPlan ? formatPrice(summary.monthly) : t('common.none')}</Row>
        <Row label={t('confirm.payment')}>{hasPlan ? tf('confirm.paymentValue', { months: summary.months, total: formatPrice(summary.total) }) : t('common.none')}</Row>
        <Row label={t('confirm.books')}>
          {books.length > 0 && summary.books > 0 ? `${books.map((book) => t(`plan.book.${book}`)).join('・')} ${formatPrice(summary.books)}` : t('confirm.noBooks')}
        </Row>
        {isTablet && <Row label={t('confirm.safetyPlan')}>{t(selection.safetyPlan ? 'plan.safety.joined' : 'plan.safety.notJoined')}</Row>}
      </dl>

      <div className="space-y-4 rounded-2xl bg-brand-50 p-5 text-sm leading-relaxed">
        <section>
          <h3 className="font-bold text-brand-800">{t('confirm.timing')}</h3>
          <p className="mt-1">{hasPlan ? tf('confirm.timingBody', { days: TRIAL_DAYS, months: summary.months }) : tf('confirm.timingBodyNoPlan', { days: TRIAL_DAYS })}</p>
        </section>
        <section>
          <h3 className="font-bold text-brand-800">{t('confirm.start')}</h3>
          <p className="mt-1">{t('confirm.startBody')}</p>
        </section>
        <section>
          <h3 className="font-bold text-brand-800">{t('confirm.cancel')}</h3>
          <p className="mt-1">{tf('confirm.cancelBody', { shipping: formatPrice(CANCELLATION_SHIPPING_FEE) })}</p>
          {isTablet && <p className="mt-2">{tf('confirm.tabletBody', { tablet: formatPrice(TABLET_TRIAL_CANCELLATION_FEE) })}</p>}
          <p className="mt-2">{tf('confirm.refundBody', { rate: Math.round(REFUND_RATE * 100) })}</p>
        </section>
        <p className="flex flex-wrap gap-x-4 gap-y-1">
          <a href="/terms" target="_blank" rel="noopener" className="font-bold text-brand-700 underline">
            {t('confirm.terms')}
          </a>
          <a href="/tokushoho" target="_blank" rel="noopener" className="font-bold text-brand-700 underline">
            {t('confirm.tokushoho')}
          </a>
        </p>
      </div>

      <p className="text-sm">{t('confirm.agreement')}</p>
      {!ready && (
        <p id={notesId} className="text-sm font-bold text-amber-900">
          {t('confirm.needs')}
        </p>
      )}
      <button
        type="button"
        onClick={onSubmit}
        disabled={!ready || processing}
        aria-describedby={ready ? undefined : notesId}
        className="w-full rounded-full bg-brand-600 px-6 py-4 text-lg font-bold text-white shadow hover:bg-brand-700 disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-600 disabled:shadow-none sm:w-auto sm:min-w-80"
      >
        {t('confirm.submit')}
      </button>
    </section>
  );
}
