import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { charges, refunds, subscriptions } from '../../../db/schema/index.ts';

/** The succeeded charges of a subscription with what is left of each after refunds. */
export async function listPaidChargesOf(db: Database, subscriptionId: string) {
  return db
    .select({
      id: charges.id,
      amount: charges.amount,
      // An alias and the outer table named: in a select list drizzle writes a column without its
      // table, and a bare "id" inside the subquery would be the refund's own (nothing subtracted).
      refunded: sql<number>`coalesce((select sum(r.amount) from ${refunds} r where r.charge_id = ${charges}.id and r.status <> 'failed'), 0)`.mapWith(Number),
    })
    .from(charges)
    .where(and(eq(charges.subscriptionId, subscriptionId), eq(charges.status, 'succeeded')));
}

/** Records that the 契約書面 went out on a day (the first day of cooling-off). */
export async function markContractDocumentSent(db: Database, subscriptionId: string, on: string): Promise<void> {
  await db.update(subscriptions).set({ contractDocumentSentOn: on, updatedAt: new Date() }).where(eq(subscriptions.id, subscriptionId));
}

/** Ends a live subscription by cooling-off, from whatever status it is in; undefined when it had moved on. */
export async function endByCoolingOff(db: Database, sub: { id: string; status: string }, at: Date, on: string) {
  const [row] = await db
    .update(subscriptions)
    .set({ status: 'ended', cancelRequestedAt: at, endsOn: on, endedAt: at, cooledOffAt: at, updatedAt: at })
    .where(and(eq(subscriptions.id, sub.id), eq(subscriptions.status, sub.status as typeof subscriptions.$inferSelect.status), ne(subscriptions.status, 'ended')))
    .returning();
  return row;
}

/**
 * Cooling-off of a contract that had already ended (the member's own cancellation inside the 8
 * days): it is marked once; undefined when it was cooled off already.
 */
export async function markEndedCooledOff(db: Database, subscriptionId: string, at: Date) {
  const [row] = await db
    .update(subscriptions)
    .set({ cooledOffAt: at, updatedAt: at })
    .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.status, 'ended'), isNull(subscriptions.cooledOffAt)))
    .returning();
  return row;
}
