import type { MonthMetrics } from '../../../../domain/admin/metrics.ts';
import { ja, t } from '../../../../i18n/ja.ts';
import { ScrollTable, tdClass, thClass } from '../../ui.tsx';

const labelOf = (key: string, fallback: string) => (ja as Record<string, string>)[key] ?? fallback;

/** A status's label, or the status itself for one the console does not know yet. */
export const statusLabel = (status: string) => labelOf(`admin.planStatus.${status}`, status);
export const reasonLabel = (reason: string) => (reason === 'none' ? t('admin.dashboard.noReason') : labelOf(`cancel.reason.${reason}`, reason));
/**
 * An amount in yen. Decreases are shown negated (減額, 解約), and a month without any is a
 * negated zero: 0円, never -0円.
 */
export const yen = (amount: number) => `${(amount === 0 ? 0 : amount).toLocaleString('ja-JP')}${t('admin.dashboard.yen')}`;

/** The figures under a chart: one row per series, one column per month. */
export function MetricTable({ months, rows }: { months: MonthMetrics[]; rows: [label: string, cell: (month: MonthMetrics) => string][] }) {
  return (
    <ScrollTable label={t('admin.dashboard.tableCaption')}>
      <table className="w-full text-right">
        <thead className="border-b border-brand-100 bg-brand-50/60">
          <tr>
            <th scope="col" className={thClass}>
              <span className="sr-only">{t('admin.dashboard.month')}</span>
            </th>
            {months.map((month) => (
              <th key={month.month} scope="col" className={`${thClass} text-right`}>
                {month.month}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(([label, cell]) => (
            <tr key={label} className="border-b border-brand-50 last:border-0">
              <th scope="row" className={`${tdClass} text-left font-medium whitespace-nowrap`}>
                {label}
              </th>
              {months.map((month) => (
                <td key={month.month} className={`${tdClass} whitespace-nowrap tabular-nums`}>
                  {cell(month)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollTable>
  );
}
