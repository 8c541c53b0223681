import { lazy, Suspense, useId, type FormEvent } from 'react';
import { addMonths, conversionRate, type MonthMetrics } from '../../../../domain/admin/metrics.ts';
import { adminPath } from '../../../../domain/admin/navigation.ts';
import { inputClass } from '../../../../components/ui/Field.tsx';
import { t } from '../../../../i18n/ja.ts';
import { navigateAdmin } from '../../../../stores/admin-location.ts';
import type { AdminSectionProps } from '../../sections.ts';
import { LoadState, primaryButtonClass } from '../../ui.tsx';
import { useAdminData } from '../../use-admin-data.ts';
import { useConsoleRole } from '../../use-console-role.ts';
import { can } from '../../../../domain/admin/permissions.ts';
import { MetricTable, reasonLabel, statusLabel, yen } from './metric-tables.tsx';

// The chart library is loaded only here, and only once the figures are in (dynamic import).
const MetricCharts = lazy(() => import('./MetricCharts.tsx'));

/** This month in Japan (YYYY-MM). */
function currentMonth(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit' }).format(new Date()).slice(0, 7);
}

/** The dashboard (product decision 33): charts per month, a table under each, a month range. */
export default function DashboardSection({ search }: AdminSectionProps) {
  const params = new URLSearchParams(search);
  const to = params.get('to') ?? currentMonth();
  const from = params.get('from') ?? addMonths(to, -5);
  const metrics = useAdminData<{ months: MonthMetrics[] }>(`/v2/admin/metrics?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`);
  const role = useConsoleRole();
  const id = useId();

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    navigateAdmin(`${adminPath('dashboard')}?${new URLSearchParams({ from: String(form.get('from')), to: String(form.get('to')) })}`);
  };

  return (
    <div className="space-y-6">
      <form key={search} onSubmit={apply} className="flex flex-wrap items-end gap-3 rounded-2xl bg-white p-4 ring-1 ring-brand-100">
        <label htmlFor={`${id}-from`} className="grid gap-1 text-sm font-medium">
          {t('admin.dashboard.from')}
          <input id={`${id}-from`} name="from" type="month" required defaultValue={from} className={inputClass} />
        </label>
        <label htmlFor={`${id}-to`} className="grid gap-1 text-sm font-medium">
          {t('admin.dashboard.to')}
          <input id={`${id}-to`} name="to" type="month" required defaultValue={to} className={inputClass} />
        </label>
        <button type="submit" className={primaryButtonClass}>
          {t('admin.dashboard.show')}
        </button>
        {can(role, 'exports.billing') && (
          <span className="flex flex-wrap gap-3 text-sm">
            <a className="font-bold text-brand-700 underline" href="/api/v2/admin/exports/members.csv" download>
              {t('admin.dashboard.exportMembers')}
            </a>
            <a className="font-bold text-brand-700 underline" href={`/api/v2/admin/exports/charges.csv?from=${from}-01`} download>
              {t('admin.dashboard.exportCharges')}
            </a>
            <a className="font-bold text-brand-700 underline" href={`/api/v2/admin/exports/refunds.csv?from=${from}-01`} download>
              {t('admin.dashboard.exportRefunds')}
            </a>
          </span>
        )}
      </form>
      <LoadState loading={metrics.loading && !metrics.data} error={metrics.error}>
        {metrics.data && <DashboardFigures months={metrics.data.months} />}
      </LoadState>
    </div>
  );
}

/**
 * The figures of the chosen months: a chart and its table per panel. A panel with nothing to
 * show in the range (no plan, no cancellation) says so instead of drawing empty axes.
 */
export function DashboardFigures({ months }: { months: MonthMetrics[] }) {
  const statuses = [...new Set(months.flatMap((month) => Object.keys(month.subscribers)))];
  const reasons = [...new Set(months.flatMap((month) => Object.keys(month.cancellationsByReason)))];
  return (
    <div className="grid gap-6 xl:grid-cols-2">
      <Panel title={t('admin.dashboard.mrrHeading')} chart="mrr" months={months}>
        <MetricTable
          months={months}
          rows={[
            [t('admin.dashboard.mrr'), (month) => yen(month.mrr)],
            [t('admin.dashboard.mrrTaxIncluded'), (month) => yen(month.mrrTaxIncluded)],
          ]}
        />
      </Panel>
      <Panel title={t('admin.dashboard.movementsHeading')} chart="movements" months={months}>
        <MetricTable
          months={months}
          rows={[
            [t('admin.dashboard.newMrr'), (month) => yen(month.newMrr)],
            [t('admin.dashboard.expansionMrr'), (month) => yen(month.expansionMrr)],
            [t('admin.dashboard.contractionMrr'), (month) => yen(-month.contractionMrr)],
            [t('admin.dashboard.churnedMrr'), (month) => yen(-month.churnedMrr)],
          ]}
        />
      </Panel>
      <Panel title={t('admin.dashboard.subscribersHeading')} chart="subscribers" months={months} empty={statuses.length === 0 ? t('admin.dashboard.noSubscribers') : undefined}>
        <MetricTable months={months} rows={statuses.map((status) => [statusLabel(status), (month) => String(month.subscribers[status] ?? 0)])} />
      </Panel>
      <Panel title={t('admin.dashboard.trialsHeading')} chart="trials" months={months}>
        <MetricTable
          months={months}
          rows={[
            [t('admin.dashboard.trialsStarted'), (month) => String(month.trialsStarted)],
            [t('admin.dashboard.trialsConverted'), (month) => String(month.trialsConverted)],
            [t('admin.dashboard.conversionRate'), (month) => (conversionRate(month) === null ? '—' : `${conversionRate(month)}%`)],
          ]}
        />
      </Panel>
      <Panel title={t('admin.dashboard.failedHeading')} chart="recovered" months={months}>
        <MetricTable months={months} rows={[[t('admin.dashboard.failedRecovered'), (month) => String(month.failedRecovered)]]} />
      </Panel>
      <Panel title={t('admin.dashboard.cancellationsHeading')} chart="cancellations" months={months} empty={reasons.length === 0 ? t('admin.dashboard.noCancellations') : undefined}>
        <MetricTable months={months} rows={reasons.map((reason) => [reasonLabel(reason), (month) => String(month.cancellationsByReason[reason] ?? 0)])} />
      </Panel>
    </div>
  );
}

function Panel({
  title,
  chart,
  months,
  empty,
  children,
}: {
  title: string;
  chart: 'mrr' | 'movements' | 'subscribers' | 'trials' | 'recovered' | 'cancellations';
  months: MonthMetrics[];
  /** What to say in place of the chart and its table when the range has nothing for this panel. */
  empty?: string | undefined;
  children: React.ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="min-w-0 space-y-3 rounded-2xl bg-white p-4 ring-1 ring-brand-100">
      <h2 id={id} className="text-lg text-brand-800">
        {title}
      </h2>
      {empty ? (
        <p className="text-sm text-muted">{empty}</p>
      ) : (
        <>
          <Suspense
            fallback={
              <p role="status" className="h-64 text-sm text-muted">
                {t('admin.dashboard.loadingChart')}
              </p>
            }
          >
            <MetricCharts chart={chart} months={months} title={title} />
          </Suspense>
          {children}
        </>
      )}
    </section>
  );
}
