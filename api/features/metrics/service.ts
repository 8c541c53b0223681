import type { MetricsQuery, MonthMetrics } from '../../../src/domain/admin/metrics.ts';
import type { AppContext } from '../../context.ts';
import { cancellationsByReason, monthlyRevenue, subscribersByStatus } from './queries.ts';

/** The dashboard's months (api-contract "metrics"; product decision 33). */
export async function getMetrics(ctx: AppContext, range: MetricsQuery): Promise<MonthMetrics[]> {
  const { db } = ctx.database;
  const [revenue, states, reasons] = await Promise.all([
    monthlyRevenue(db, range.from, range.to),
    subscribersByStatus(db, range.from, range.to),
    cancellationsByReason(db, range.from, range.to),
  ]);
  return revenue.map((row) => ({
    month: row.month,
    mrr: row.mrr_tax_excluded,
    mrrTaxIncluded: row.mrr,
    newMrr: row.new_mrr,
    expansionMrr: row.expansion_mrr,
    contractionMrr: row.contraction_mrr,
    churnedMrr: row.churned_mrr,
    subscribers: Object.fromEntries(states.filter((state) => state.month === row.month).map((state) => [state.status, state.count])),
    trialsStarted: row.trials_started,
    trialsConverted: row.trials_converted,
    failedRecovered: row.failed_recovered,
    cancellationsByReason: Object.fromEntries(reasons.filter((reason) => reason.month === row.month).map((reason) => [reason.reason, reason.count])),
  }));
}
