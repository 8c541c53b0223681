import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { paymentEvents } from '../../db/schema/index.ts';

/** How long a claim on an event stays its process's before another may take it over (a crash). */
export const PAYMENT_EVENT_LEASE_SECONDS = 300;

/**
 * Claims an event for handling by inserting its row first: the event id is unique, so when two
 * processes receive the same event at once, PostgreSQL lets one insert and makes the other wait
 * for it and find the row. True when this call holds the claim; false when the event was handled,
 * or is being handled now. A claim older than the lease, never finished, is taken over.
 */
export async function claimPaymentEvent(db: Database, event: { id: string; type: string }): Promise<boolean> {
  const claimed = await db
    .insert(paymentEvents)
    .values(event)
    .onConflictDoUpdate({
      target: paymentEvents.id,
      set: { receivedAt: sql`now()` },
      setWhere: and(isNull(paymentEvents.handledAt), sql`${paymentEvents.receivedAt} < now() - make_interval(secs => ${PAYMENT_EVENT_LEASE_SECONDS})`),
    })
    .returning({ id: paymentEvents.id });
  return claimed.length > 0;
}

export async function markPaymentEventHandled(db: Database, id: string): Promise<void> {
  await db.update(paymentEvents).set({ handledAt: sql`now()` }).where(eq(paymentEvents.id, id));
}

/** Gives a claim back after handling failed, so the gateway's retry handles the event. */
export async function releasePaymentEvent(db: Database, id: string): Promise<void> {
  await db.delete(paymentEvents).where(and(eq(paymentEvents.id, id), isNull(paymentEvents.handledAt)));
}
