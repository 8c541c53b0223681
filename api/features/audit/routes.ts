import type { H3 } from 'h3';
import { auditQuerySchema } from '../../../src/domain/admin/audit.ts';
import type { AppContext } from '../../context.ts';
import { readQuery } from '../../lib/validation.ts';
import { adminRoute } from './admin-route.ts';
import { listAuditLog } from './service.ts';

export function registerAuditRoutes(app: H3, ctx: AppContext): void {
  app.get(
    '/api/v2/admin/audit-log',
    adminRoute(ctx, 'auditLogView', async (event, call) => {
      const query = await readQuery(event, auditQuerySchema);
      call.after = { query };
      return { status: 'success', data: await listAuditLog(ctx, query) };
    }),
  );
}
