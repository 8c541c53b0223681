import * as v from 'valibot';

/**
 * The staff dashboard (product decision 33): figures per month (Japan time), computed from the
 * ledger (charges) and the subscription events, never from today's rows, so a past month reads the
 * same whenever it is looked at.
 */
export const MAX_METRIC_MONTHS = 36;

/**
 * Statuses that count in monthly recurring revenue: a plan being paid for, including one whose
 * payment is being retried or is past due (until it ends) and one cancelled but running to the end
 * of its paid period. A trial is not revenue yet; a status not listed here (a new one) counts as
 * a subscriber by its state but not as revenue until it is added.
 */
export const revenueStatuses = ['active', 'retrying', 'pastDue', 'cancelRequested'] as const;

const monthParam = v.pipe(v.string('invalidMonthRange'), v.regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'invalidMonthRange'));

/** GET /api/v2/admin/metrics?from=YYYY-MM&to=YYYY-MM */
export const metricsQuerySchema = v.pipe(
  v.object({ from: monthParam, to: monthParam }),
  v.check((range) => range.from <= range.to && monthsBetween(range.from, range.to) < MAX_METRIC_MONTHS, 'invalidMonthRange'),
);
export type MetricsQuery = v.InferOutput<typeof metricsQuerySchema>;

/** Months from `from` to `to` (YYYY-MM), 0 when equal. */
export function monthsBetween(from: string, to: string): number {
  const [fy, fm] = from.split('-').map(Number) as [number, number];
  const [ty, tm] = to.split('-').map(Number) as [number, number];
  return (ty - fy) * 12 + (tm - fm);
}

/** The month `count` months before or after (YYYY-MM). */
export function addMonths(month: string, count: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + count;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** One month of the dashboard (api-contract "metrics"). Money in yen; MRR at the month's end. */
export interface MonthMetrics {
  month: string;
  mrr: number;
  mrrTaxIncluded: number;
  newMrr: number;
  expansionMrr: number;
  contractionMrr: number;
  churnedMrr: number;
  /** Subscriptions at the month's end by status (ended ones left out). */
  subscribers: Record<string, number>;
  trialsStarted: number;
  trialsConverted: number;
  failedRecovered: number;
  cancellationsByReason: Record<string, number>;
}

/** Trials converted per trial started, as a percentage with one decimal (null without trials). */
export function conversionRate(month: Pick<MonthMetrics, 'trialsStarted' | 'trialsConverted'>): number | null {
  return month.trialsStarted === 0 ? null : Math.round((month.trialsConverted / month.trialsStarted) * 1000) / 10;
}
