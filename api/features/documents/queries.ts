import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { accounts, billingDocuments, cards, charges, documentCounters, orders, refunds, subscriptions } from '../../db/schema/index.ts';

export type DocumentRow = typeof billingDocuments.$inferSelect;
export type NewDocument = typeof billingDocuments.$inferInsert;

/**
 * Takes `count` numbers of a series and answers the first. The counter row stays locked until the
 * caller's transaction ends, so a second server waits, and a rollback gives the numbers back: the
 * series is gapless and unique. A count of 0 only takes the lock.
 */
export async function takeDocumentNumbers(db: Database, series: string, count: number): Promise<number> {
  const [row] = await db
    .insert(documentCounters)
    .values({ series, lastNumber: count })
    .onConflictDoUpdate({ target: documentCounters.series, set: { lastNumber: sql`${documentCounters.lastNumber} + ${count}` } })
    .returning({ last: documentCounters.lastNumber });
  return row!.last - count + 1;
}

export async function insertDocuments(db: Database, rows: NewDocument[]): Promise<DocumentRow[]> {
  if (!rows.length) return [];
  return db.insert(billingDocuments).values(rows).returning();
}

/** Succeeded charges among `chargeIds` that have no receipt yet, with what a receipt snapshots. */
export async function listChargesWithoutReceipt(db: Database, chargeIds: string[]) {
  if (!chargeIds.length) return [];
  const receipt = alias(billingDocuments, 'receipt');
  const subOrder = alias(orders, 'sub_order');
  return db
    .select({
      charge: charges,
      lastName: accounts.lastName,
      firstName: accounts.firstName,
      card: { brand: cards.brand, last4: cards.last4 },
      planName: subscriptions.planName,
      orderNumber: sql<number | null>`coalesce(${orders.number}, ${subOrder.number})`.mapWith((value) => (value === null ? null : Number(value))),
    })
    .from(charges)
    .innerJoin(accounts, eq(accounts.id, charges.accountId))
    .leftJoin(cards, eq(cards.accountId, charges.accountId))
    .leftJoin(subscriptions, eq(subscriptions.id, charges.subscriptionId))
    .leftJoin(orders, eq(orders.id, charges.orderId))
    .leftJoin(subOrder, eq(subOrder.id, subscriptions.orderId))
    .leftJoin(receipt, and(eq(receipt.chargeId, charges.id), eq(receipt.kind, 'receipt')))
    .where(and(inArray(charges.id, chargeIds), eq(charges.status, 'succeeded'), isNull(receipt.id)))
    .orderBy(charges.succeededAt, charges.id);
}

export type ChargeForReceipt = Awaited<ReturnType<typeof listChargesWithoutReceipt>>[number];

export async function findReceiptOfCharge(db: Database, chargeId: string): Promise<DocumentRow | undefined> {
  return (await db.select().from(billingDocuments).where(and(eq(billingDocuments.chargeId, chargeId), eq(billingDocuments.kind, 'receipt'))))[0];
}

export async function findRefundNote(db: Database, refundId: string): Promise<DocumentRow | undefined> {
  return (await db.select().from(billingDocuments).where(and(eq(billingDocuments.refundId, refundId), eq(billingDocuments.kind, 'refundNote'))))[0];
}

/** A succeeded refund of the member (or of anyone, without `accountId`). */
export async function findSucceededRefund(db: Database, refundId: string, accountId?: string) {
  const [row] = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.id, refundId), eq(refunds.status, 'succeeded'), accountId ? eq(refunds.accountId, accountId) : undefined));
  return row;
}

/** A succeeded charge of the member: the only ones with a receipt to show. */
export async function findSucceededChargeOf(db: Database, chargeId: string, accountId: string) {
  const [row] = await db
    .select({ id: charges.id })
    .from(charges)
    .where(and(eq(charges.id, chargeId), eq(charges.accountId, accountId), eq(charges.status, 'succeeded')));
  return row;
}

/** Sets the addressee while no copy was downloaded; undefined when one was. */
export async function setAddressee(db: Database, id: string, addressee: string): Promise<DocumentRow | undefined> {
  const [row] = await db
    .update(billingDocuments)
    .set({ addressee })
    .where(and(eq(billingDocuments.id, id), isNull(billingDocuments.firstDownloadedAt)))
    .returning();
  return row;
}

/** Marks the first download; answers whether this one was it (later ones are re-issues). */
export async function markFirstDownload(db: Database, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(billingDocuments)
    .set({ firstDownloadedAt: at })
    .where(and(eq(billingDocuments.id, id), isNull(billingDocuments.firstDownloadedAt)))
    .returning({ id: billingDocuments.id });
  return rows.length > 0;
}

/** The receipts and refund notes of the member's history rows, by charge and by refund. */
export async function listDocumentsOf(db: Database, accountId: string): Promise<DocumentRow[]> {
  return db.select().from(billingDocuments).where(eq(billingDocuments.accountId, accountId));
}
