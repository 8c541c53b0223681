import {
  chargeKindCell,
  chargeStatusCell,
  dateTimeCell,
  refundReasonCell,
  refundStatusCell,
  type ChargeExportFilter,
  type RefundExportFilter,
} from '../../../src/domain/admin/exports.ts';
import type { AppContext } from '../../context.ts';
import type { PageReader } from '../../lib/csv-stream.ts';
import { chargeExportPage, refundExportPage } from './queries.ts';

/** The charge ledger as CSV rows (product decision 33). */
export function chargeRows(ctx: AppContext, filter: ChargeExportFilter): PageReader {
  return async (afterId, limit) =>
    (await chargeExportPage(ctx.database.db, filter, afterId, limit)).map((row) => ({
      key: row.id,
      cells: [row.id, row.accountId, row.email, chargeKindCell(row.kind), row.description, row.amount, chargeStatusCell(row.status), row.periodStart, dateTimeCell(row.createdAt), dateTimeCell(row.succeededAt)],
    }));
}

/** Refunds as CSV rows. */
export function refundRows(ctx: AppContext, filter: RefundExportFilter): PageReader {
  return async (afterId, limit) =>
    (await refundExportPage(ctx.database.db, filter, afterId, limit)).map((row) => ({
      key: row.id,
      cells: [row.id, row.chargeId, row.accountId, row.email, row.amount, refundReasonCell(row.reason), refundStatusCell(row.status), dateTimeCell(row.createdAt), dateTimeCell(row.succeededAt)],
    }));
}
