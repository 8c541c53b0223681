import type { H3 } from 'h3';
import { chargeExportSchema, exportFileName, exportHeaders, memberExportSchema, refundExportSchema, type ExportKind } from '../../../src/domain/admin/exports.ts';
import { tokyoToday } from '../../../src/domain/billing/dates.ts';
import type { AppContext } from '../../context.ts';
import { csvStream, type PageReader } from '../../lib/csv-stream.ts';
import { readQuery } from '../../lib/validation.ts';
import { adminRoute } from '../audit/admin-route.ts';
import { memberExportRows } from '../members/service.ts';
import { chargeRows, refundRows } from './service.ts';

function csvResponse(ctx: AppContext, kind: ExportKind, rows: PageReader): Response {
  return new Response(csvStream(exportHeaders[kind], rows), {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${exportFileName(kind, tokyoToday(ctx.clock.now()))}"`,
      'cache-control': 'no-store',
    },
  });
}

/** CSV exports (api-contract "exports"; product decision 33): each one in the audit log with its filters. */
export function registerExportRoutes(app: H3, ctx: AppContext): void {
  app.get(
    '/api/v2/admin/exports/members.csv',
    adminRoute(ctx, 'exportMembers', async (event, call) => {
      const filter = await readQuery(event, memberExportSchema);
      call.after = { filter };
      return csvResponse(ctx, 'members', (afterId, limit) => memberExportRows(ctx, filter, afterId, limit));
    }),
  );

  app.get(
    '/api/v2/admin/exports/charges.csv',
    adminRoute(ctx, 'exportCharges', async (event, call) => {
      const filter = await readQuery(event, chargeExportSchema);
      call.after = { filter };
      return csvResponse(ctx, 'charges', chargeRows(ctx, filter));
    }),
  );

  app.get(
    '/api/v2/admin/exports/refunds.csv',
    adminRoute(ctx, 'exportRefunds', async (event, call) => {
      const filter = await readQuery(event, refundExportSchema);
      call.after = { filter };
      return csvResponse(ctx, 'refunds', refundRows(ctx, filter));
    }),
  );
}
