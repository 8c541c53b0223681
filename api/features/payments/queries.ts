import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { paymentEvents } from '../../db/schema/index.ts';

export async function isPaymentEventHandled(db: Database, id: string): Promise<boolean> {
  const [seen] = await db.select({ id: paymentEvents.id }).from(paymentEvents).where(eq(paymentEvents.id, id));
  return seen !== undefined;
}

export async function markPaymentEventHandled(db: Database, event: { id: string; type: string }): Promise<void> {
  await db.insert(paymentEvents).values(event).onConflictDoNothing();
}
