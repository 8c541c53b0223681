import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orders } from '../../db/schema/index.ts';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;

export async function findOrderByKey(db: Database, accountId: string, idempotencyKey: string): Promise<OrderRow | undefined> {
  return (await db.select().from(orders).where(and(eq(orders.accountId, accountId), eq(orders.idempotencyKey, idempotencyKey))))[0];
}

/** The member's pending order of a kind (one at most). */
export async function findPendingOrder(db: Database, accountId: string, kind: OrderRow['kind']): Promise<OrderRow | undefined> {
  return (await db.select().from(orders).where(and(eq(orders.accountId, accountId), eq(orders.kind, kind), eq(orders.status, 'pending'))))[0];
}

/** A pending order left too long (3-D Secure abandoned) gives its slot back. */
export async function expireOrder(db: Database, id: string): Promise<boolean> {
  const rows = await db
    .update(orders)
    .set({ status: 'expired', failureCode: 'expired', updatedAt: new Date() })
    .where(and(eq(orders.id, id), eq(orders.status, 'pending')))
    .returning({ id: orders.id });
  return rows.length > 0;
}

/** Pending orders last touched before a moment: the sweep checks them against the gateway. */
export async function listPendingOrdersBefore(db: Database, before: Date, limit = 100): Promise<OrderRow[]> {
  return db.select().from(orders).where(and(eq(orders.status, 'pending'), lt(orders.updatedAt, before))).orderBy(orders.updatedAt).limit(limit);
}

export async function findOrder(db: Database, id: string): Promise<OrderRow | undefined> {
  return (await db.select().from(orders).where(eq(orders.id, id)))[0];
}

export async function findOrderByIntent(db: Database, intentId: string): Promise<OrderRow | undefined> {
  return (await db.select().from(orders).where(sql`${orders.setupIntentId} = ${intentId} or ${orders.booksPaymentIntentId} = ${intentId}`))[0];
}

/** Inserts an order; undefined when a unique rule refused it (same key, or an active order of the kind). */
export async function insertOrder(db: Database, order: NewOrder): Promise<OrderRow | undefined> {
  return (await db.insert(orders).values(order).onConflictDoNothing().returning())[0];
}

export async function setSetupIntent(db: Database, id: string, intentId: string): Promise<void> {
  await db.update(orders).set({ setupIntentId: intentId, updatedAt: new Date() }).where(and(eq(orders.id, id), isNull(orders.setupIntentId)));
}

export async function setBooksPaymentIntent(db: Database, id: string, intentId: string): Promise<void> {
  await db.update(orders).set({ booksPaymentIntentId: intentId, updatedAt: new Date() }).where(and(eq(orders.id, id), isNull(orders.booksPaymentIntentId)));
}

/** A pending order fails (freeing the member's slot for a new attempt); a finished one stays as it is. */
export async function failOrder(db: Database, id: string, failureCode: string): Promise<void> {
  await db.update(orders).set({ status: 'failed', failureCode, updatedAt: new Date() }).where(and(eq(orders.id, id), eq(orders.status, 'pending')));
}

/** Completes a pending order; undefined when another request completed it first. */
export async function markOrderCompleted(db: Database, id: string, lesson: { lessonAccountId: string | null; firstLoginUrl: string | null }): Promise<OrderRow | undefined> {
  const now = new Date();
  const [row] = await db
    .update(orders)
    .set({ status: 'completed', completedAt: now, updatedAt: now, ...lesson })
    .where(and(eq(orders.id, id), eq(orders.status, 'pending')))
    .returning();
  return row;
}

export async function listOrders(db: Database, accountId: string): Promise<OrderRow[]> {
  return db.select().from(orders).where(eq(orders.accountId, accountId)).orderBy(desc(orders.createdAt));
}

export async function listCompletedOrders(db: Database, accountId: string): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.accountId, accountId), eq(orders.status, 'completed')))
    // The normal plan first, then ESAT-J (My Page reads the plan from the non-ESAT-J record).
    .orderBy(sql`case ${orders.kind} when 'normal' then 0 else 1 end`, orders.createdAt);
}

