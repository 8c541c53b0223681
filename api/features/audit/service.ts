import { AUDIT_PAGE_SIZE, type AuditQuery, type AuditRow } from '../../../src/domain/admin/audit.ts';
import type { Page } from '../../../src/domain/admin/paging.ts';
import type { AppContext } from '../../context.ts';
import { listAuditEntries } from './queries.ts';
import { toAuditRow } from './record.ts';

/** A page of the audit log, newest first, with the console's filters. */
export async function listAuditLog(ctx: AppContext, query: AuditQuery): Promise<Page<AuditRow>> {
  const { page, ...filters } = query;
  const { rows, total } = await listAuditEntries(
    ctx.database.db,
    {
      ...(filters.action ? { action: filters.action } : {}),
      ...(filters.outcome ? { outcome: filters.outcome } : {}),
      ...(filters.actor ? { actor: filters.actor } : {}),
      ...(filters.target ? { target: filters.target } : {}),
      ...(filters.from ? { from: filters.from } : {}),
      ...(filters.to ? { to: filters.to } : {}),
    },
    { limit: AUDIT_PAGE_SIZE, offset: (page - 1) * AUDIT_PAGE_SIZE },
  );
  return { rows: rows.map(toAuditRow), total, page, pageSize: AUDIT_PAGE_SIZE };
}

/** Reads and writes other features may use (a feature's queries.ts is its own: lint enforces it). */
export { listAuditEntriesAbout } from './queries.ts';
