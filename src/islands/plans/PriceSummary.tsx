import { formatPrice, formatYen } from '../../domain/plans/pricing.ts';
import type { PriceSummary as Summary } from '../../domain/plans/selection.ts';
import { t } from '../../i18n/plans.ts';

interface Props {
  summary: Summary;
  isAdult: boolean;
  addsRobot: boolean;
}

/** The estimate: monthly price, the contract total, tax inside it, badge and extras. */
export function PriceSummary({ summary, isAdult, addsRobot }: Props) {
  if (summary.total === 0) {
    return <p className="text-sm text-muted">{t('plan.summary.incomplete')}</p>;
  }
  return (
    <dl className="space-y-3 text-sm">
      <div>
        <dt className="flex items-center gap-2 font-bold text-muted">
          {t('plan.summary.monthly')}
          {summary.badge && <span className="rounded-full bg-red-700 px-2 py-0.5 text-xs font-bold text-white">{summary.badge}</span>}
        </dt>
        <dd className="text-2xl font-bold text-brand-800" data-testid="monthly-price">
          {formatPrice(summary.monthly)}
          <span className="text-sm font-medium text-muted">{t('plan.summary.perMonth')}</span>
        </dd>
        {summary.preDiscountPrice && !isAdult && (
          <dd className="text-xs text-muted">
            {t('plan.summary.regular')} <s>{formatPrice(summary.preDiscountPrice)}</s>
          </dd>
        )}
      </div>
      <div className="flex items-baseline justify-between gap-3 border-t border-brand-100 pt-3">
        <dt className="font-bold text-muted">
          {t('plan.summary.contractTotal')}（{summary.months}
          {t('plan.summary.months')}）
        </dt>
        <dd className="font-bold whitespace-nowrap" data-testid="total-price">
          {formatPrice(summary.total)}
        </dd>
      </div>
      {isAdult && summary.preDiscountPrice && (
        <div className="flex justify-between gap-3 text-xs text-muted">
          <dt>{t('plan.summary.regular')}</dt>
          <dd>
            <s>{formatPrice(summary.preDiscountPrice)}</s>
          </dd>
        </div>
      )}
      <div className="flex justify-between gap-3 text-xs text-muted">
        <dt>{t('plan.summary.tax')}</dt>
        <dd>{formatYen(summary.tax)}</dd>
      </div>
      {addsRobot && <p className="text-xs text-muted">{t('plan.summary.robotIncluded')}</p>}
      {summary.safetyPlan > 0 && (
        <div className="flex justify-between gap-3 text-xs">
          <dt>{t('plan.summary.safetyPlan')}</dt>
          <dd>{formatPrice(summary.safetyPlan)}</dd>
        </div>
      )}
      {summary.books > 0 && (
        <div className="flex justify-between gap-3 border-t border-brand-100 pt-3">
          <dt className="font-bold text-muted">{t('plan.summary.books')}</dt>
          <dd className="font-bold whitespace-nowrap" data-testid="books-price">
            {formatPrice(summary.books)}
          </dd>
        </div>
      )}
    </dl>
  );
}
