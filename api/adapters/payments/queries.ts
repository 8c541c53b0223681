import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { localGatewayIntents, localGatewayPaymentMethods, localGatewayRefunds } from '../../db/schema/index.ts';

/** The local payment gateway's own records (development and tests only), as Stripe keeps its own. */
export type LocalIntentRow = typeof localGatewayIntents.$inferSelect;
export type LocalPaymentMethodRow = typeof localGatewayPaymentMethods.$inferSelect;
export type LocalRefundRow = typeof localGatewayRefunds.$inferSelect;

export async function insertPaymentMethod(db: Database, method: typeof localGatewayPaymentMethods.$inferInsert): Promise<void> {
  await db.insert(localGatewayPaymentMethods).values(method);
}

export async function setPaymentMethodCustomer(db: Database, id: string, customerId: string): Promise<void> {
  await db.update(localGatewayPaymentMethods).set({ customerId }).where(eq(localGatewayPaymentMethods.id, id));
}

export async function findPaymentMethod(db: Database, id: string): Promise<LocalPaymentMethodRow | undefined> {
  return (await db.select().from(localGatewayPaymentMethods).where(eq(localGatewayPaymentMethods.id, id)))[0];
}

export async function findIntent(db: Database, id: string): Promise<LocalIntentRow | undefined> {
  return (await db.select().from(localGatewayIntents).where(eq(localGatewayIntents.id, id)))[0];
}

export async function findIntentByKey(db: Database, idempotencyKey: string): Promise<LocalIntentRow | undefined> {
  return (await db.select().from(localGatewayIntents).where(eq(localGatewayIntents.idempotencyKey, idempotencyKey)))[0];
}

/** Undefined when another request with the same idempotency key came first. */
export async function insertIntent(db: Database, intent: typeof localGatewayIntents.$inferInsert): Promise<LocalIntentRow | undefined> {
  return (await db.insert(localGatewayIntents).values(intent).onConflictDoNothing().returning())[0];
}

export async function settleIntent(db: Database, id: string, result: { status: string; lastError: string | null }): Promise<LocalIntentRow | undefined> {
  return (
    await db
      .update(localGatewayIntents)
      .set({ ...result, updatedAt: new Date() })
      .where(eq(localGatewayIntents.id, id))
      .returning()
  )[0];
}

export async function findRefundByKey(db: Database, idempotencyKey: string): Promise<LocalRefundRow | undefined> {
  return (await db.select().from(localGatewayRefunds).where(eq(localGatewayRefunds.idempotencyKey, idempotencyKey)))[0];
}

export async function refundedAmountOf(db: Database, paymentIntentId: string): Promise<number> {
  const rows = await db.select({ amount: localGatewayRefunds.amount }).from(localGatewayRefunds).where(eq(localGatewayRefunds.paymentIntentId, paymentIntentId));
  return rows.reduce((sum, row) => sum + row.amount, 0);
}

/** The refund stored under the key: this one, or the one another request stored first. */
export async function insertRefundOnce(db: Database, refund: typeof localGatewayRefunds.$inferInsert): Promise<LocalRefundRow> {
  const [row] = await db.insert(localGatewayRefunds).values(refund).onConflictDoNothing().returning();
  return row ?? (await findRefundByKey(db, refund.idempotencyKey))!;
}

/**
 * Takes one request from the local gateway's token bucket (refilled at `rate` a second, at most one
 * second's worth), atomically across processes. False: the gateway answers 429.
 */
export async function takeLocalGatewayToken(db: Database, rate: number): Promise<boolean> {
  const refilled = sql`least(${rate}::float8, r.tokens + extract(epoch from clock_timestamp() - r.at) * ${rate}::float8)`;
  const rows = await db.execute<{ allowed: boolean }>(sql`
    insert into dev.local_gateway_rate as r (id, tokens, at, allowed) values (1, ${rate}::float8 - 1, clock_timestamp(), true)
    on conflict (id) do update set
      tokens = case when ${refilled} >= 1 then ${refilled} - 1 else ${refilled} end,
      at = clock_timestamp(),
      allowed = ${refilled} >= 1,
      refused = r.refused + case when ${refilled} >= 1 then 0 else 1 end
    returning allowed`);
  const list = Array.isArray(rows) ? rows : (rows as unknown as { rows: { allowed: boolean }[] }).rows;
  return list[0]?.allowed === true;
}
