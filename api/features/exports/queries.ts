import { and, asc, eq, gt, gte, lt } from 'drizzle-orm';
import type { ChargeExportFilter, RefundExportFilter } from '../../../src/domain/admin/exports.ts';
import { addDays, startOfTokyoDay } from '../../../src/domain/billing/dates.ts';
import type { Database } from '../../db/client.ts';
import { accounts, charges, refunds } from '../../db/schema/index.ts';

/** created_at within the days from..to (Japan time, inclusive). */
function dayRange(column: typeof charges.createdAt | typeof refunds.createdAt, from: string, to: string) {
  return and(from ? gte(column, startOfTokyoDay(from)) : undefined, to ? lt(column, startOfTokyoDay(addDays(to, 1))) : undefined);
}

/** One page of the charge ledger, in id order after `afterId`. */
export async function chargeExportPage(db: Database, filter: ChargeExportFilter, afterId: string | null, limit: number) {
  return db
    .select({
      id: charges.id,
      accountId: charges.accountId,
      email: accounts.email,
      kind: charges.kind,
      description: charges.description,
      amount: charges.amount,
      status: charges.status,
      periodStart: charges.periodStart,
      createdAt: charges.createdAt,
      succeededAt: charges.succeededAt,
    })
    .from(charges)
    .innerJoin(accounts, eq(accounts.id, charges.accountId))
    .where(
      and(
        dayRange(charges.createdAt, filter.from, filter.to),
        filter.status ? eq(charges.status, filter.status) : undefined,
        filter.kind ? eq(charges.kind, filter.kind) : undefined,
        afterId ? gt(charges.id, afterId) : undefined,
      ),
    )
    .orderBy(asc(charges.id))
    .limit(limit);
}

/** One page of refunds, in id order after `afterId`. */
export async function refundExportPage(db: Database, filter: RefundExportFilter, afterId: string | null, limit: number) {
  return db
    .select({
      id: refunds.id,
      chargeId: refunds.chargeId,
      accountId: refunds.accountId,
      email: accounts.email,
      amount: refunds.amount,
      reason: refunds.reason,
      status: refunds.status,
      createdAt: refunds.createdAt,
      succeededAt: refunds.succeededAt,
    })
    .from(refunds)
    .innerJoin(accounts, eq(accounts.id, refunds.accountId))
    .where(and(dayRange(refunds.createdAt, filter.from, filter.to), filter.status ? eq(refunds.status, filter.status) : undefined, afterId ? gt(refunds.id, afterId) : undefined))
    .orderBy(asc(refunds.id))
    .limit(limit);
}
