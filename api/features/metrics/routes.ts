import type { H3 } from 'h3';
import { metricsQuerySchema } from '../../../src/domain/admin/metrics.ts';
import type { AppContext } from '../../context.ts';
import { readQuery } from '../../lib/validation.ts';
import { adminRoute } from '../audit/admin-route.ts';
import { getMetrics } from './service.ts';

/** The dashboard's figures (api-contract "metrics"; product decision 33). */
export function registerMetricsRoutes(app: H3, ctx: AppContext): void {
  app.get(
    '/api/v2/admin/metrics',
    adminRoute(ctx, 'metricsView', async (event, call) => {
      const range = await readQuery(event, metricsQuerySchema);
      call.after = { range };
      return { status: 'success', data: { months: await getMetrics(ctx, range) } };
    }),
  );
}
