import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { MonthMetrics } from '../../../../domain/admin/metrics.ts';
import { t } from '../../../../i18n/ja.ts';
import { reasonLabel, statusLabel, yen } from './metric-tables.tsx';

/** The palette: brand teal first, then colours told apart by people with the common colour blindnesses. */
const colours = ['#0b6a5c', '#e69f00', '#56b4e9', '#cc79a7', '#009e73', '#d55e00', '#0072b2', '#6b7280'];
const compactYen = (value: number) => (Math.abs(value) >= 10_000 ? `${Math.round(value / 1000) / 10}万` : value.toLocaleString('ja-JP'));

type ChartName = 'mrr' | 'movements' | 'subscribers' | 'trials' | 'recovered' | 'cancellations';

/**
 * One dashboard chart (Recharts, SVG), loaded with the dashboard only. The figures are also in the
 * table under each chart, so the chart itself is an image with a name for screen readers.
 */
export default function MetricCharts({ chart, months, title }: { chart: ChartName; months: MonthMetrics[]; title: string }) {
  const data = months.map((month) => ({
    month: month.month.slice(2).replace('-', '/'),
    mrr: month.mrr,
    mrrTaxIncluded: month.mrrTaxIncluded,
    newMrr: month.newMrr,
    expansionMrr: month.expansionMrr,
    contractionMrr: -month.contractionMrr,
    churnedMrr: -month.churnedMrr,
    trialsStarted: month.trialsStarted,
    trialsConverted: month.trialsConverted,
    failedRecovered: month.failedRecovered,
    ...Object.fromEntries(Object.entries(month.subscribers).map(([status, count]) => [`status:${status}`, count])),
    ...Object.fromEntries(Object.entries(month.cancellationsByReason).map(([reason, count]) => [`reason:${reason}`, count])),
  }));
  const keysWith = (prefix: string) => [...new Set(data.flatMap((row) => Object.keys(row).filter((key) => key.startsWith(prefix))))];
  const series: { key: string; label: string }[] = {
    mrr: [
      { key: 'mrr', label: t('admin.dashboard.mrr') },
      { key: 'mrrTaxIncluded', label: t('admin.dashboard.mrrTaxIncluded') },
    ],
    movements: [
      { key: 'newMrr', label: t('admin.dashboard.newMrr') },
      { key: 'expansionMrr', label: t('admin.dashboard.expansionMrr') },
      { key: 'contractionMrr', label: t('admin.dashboard.contractionMrr') },
      { key: 'churnedMrr', label: t('admin.dashboard.churnedMrr') },
    ],
    subscribers: keysWith('status:').map((key) => ({ key, label: statusLabel(key.slice(7)) })),
    trials: [
      { key: 'trialsStarted', label: t('admin.dashboard.trialsStarted') },
      { key: 'trialsConverted', label: t('admin.dashboard.trialsConverted') },
    ],
    recovered: [{ key: 'failedRecovered', label: t('admin.dashboard.failedRecovered') }],
    cancellations: keysWith('reason:').map((key) => ({ key, label: reasonLabel(key.slice(7)) })),
  }[chart];
  const money = chart === 'mrr' || chart === 'movements';
  const stacked = chart === 'movements' || chart === 'subscribers' || chart === 'cancellations';
  const axes = [
    <CartesianGrid key="grid" strokeDasharray="3 3" stroke="#e2e8f0" />,
    <XAxis key="x" dataKey="month" tick={{ fontSize: 12 }} />,
    <YAxis key="y" width={money ? 48 : 32} tick={{ fontSize: 12 }} tickFormatter={money ? compactYen : undefined} allowDecimals={false} />,
    <Tooltip key="tip" formatter={(value) => (money ? yen(Number(value)) : String(value))} />,
    // The series' names in the text colour (the swatch beside each keeps the series' colour): in
    // their own colours the orange and light blue names were too faint to read on white.
    <Legend key="legend" wrapperStyle={{ fontSize: 12 }} formatter={(name) => <span className="text-ink">{name}</span>} />,
  ];
  return (
    <figure role="img" aria-label={title} className="h-64 w-full">
      <ResponsiveContainer width="100%" height="100%">
        {chart === 'mrr' ? (
          <LineChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            {axes}
            {series.map((line, index) => (
              <Line key={line.key} type="monotone" dataKey={line.key} name={line.label} stroke={colours[index]} strokeWidth={2} dot={{ r: 3 }} isAnimationActive={false} />
            ))}
          </LineChart>
        ) : (
          <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} stackOffset={chart === 'movements' ? 'sign' : 'none'}>
            {axes}
            {series.map((bar, index) => (
              <Bar key={bar.key} dataKey={bar.key} name={bar.label} fill={colours[index % colours.length]} stackId={stacked ? 'a' : undefined} isAnimationActive={false} />
            ))}
          </BarChart>
        )}
      </ResponsiveContainer>
    </figure>
  );
}
