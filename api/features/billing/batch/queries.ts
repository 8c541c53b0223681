import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { accounts, cards, charges, subscriptionEvents, subscriptions } from '../../../db/schema/index.ts';
import { OPEN_CHARGE_STATUSES, type ChargeRow, type NewCharge, type SubscriptionRow } from '../queries.ts';

/**
 * The billing clock's queries for a batch of subscriptions at once (./charge-together.ts): the same
 * reads and guarded writes as ../queries.ts, each one statement for the whole batch.
 */

/** Each subscription with its latest open period charge and whether a buyout was ever charged. */
export async function findSubscriptionsForClock(db: Database, ids: string[]): Promise<{ sub: SubscriptionRow; open: ChargeRow | undefined; buyoutCharged: boolean }[]> {
  if (!ids.length) return [];
  const [subs, open, buyouts] = await Promise.all([
    db.select().from(subscriptions).where(inArray(subscriptions.id, ids)),
    db
      .selectDistinctOn([charges.subscriptionId])
      .from(charges)
      .where(and(inArray(charges.subscriptionId, ids), eq(charges.kind, 'period'), inArray(charges.status, [...OPEN_CHARGE_STATUSES])))
      .orderBy(charges.subscriptionId, desc(charges.createdAt)),
    db.selectDistinct({ subscriptionId: charges.subscriptionId }).from(charges).where(and(inArray(charges.subscriptionId, ids), eq(charges.kind, 'buyout'))),
  ]);
  const openBySub = new Map(open.map((charge) => [charge.subscriptionId, charge]));
  const bought = new Set(buyouts.map((row) => row.subscriptionId));
  return subs.map((sub) => ({ sub, open: sub.status === 'ended' ? undefined : openBySub.get(sub.id), buyoutCharged: bought.has(sub.id) }));
}

/** The subscriptions as they are now. */
export async function findSubscriptionsByIds(db: Database, ids: string[]): Promise<SubscriptionRow[]> {
  if (!ids.length) return [];
  return db.select().from(subscriptions).where(inArray(subscriptions.id, ids));
}

/** Creates the charges that do not exist yet (by idempotency key) and returns every one of them. */
export async function insertChargesOnce(db: Database, rows: NewCharge[]): Promise<ChargeRow[]> {
  if (!rows.length) return [];
  const inserted = await db.insert(charges).values(rows).onConflictDoNothing({ target: charges.idempotencyKey }).returning();
  if (inserted.length === rows.length) return inserted;
  const have = new Set(inserted.map((row) => row.idempotencyKey));
  const missing = rows.map((row) => row.idempotencyKey).filter((key) => !have.has(key));
  return [...inserted, ...(await db.select().from(charges).where(inArray(charges.idempotencyKey, missing)))];
}

export async function findBillingAccounts(db: Database, accountIds: string[]) {
  if (!accountIds.length) return [];
  return db
    .select({ id: accounts.id, email: accounts.email, firstName: accounts.firstName, lastName: accounts.lastName, card: cards })
    .from(accounts)
    .leftJoin(cards, eq(cards.accountId, accounts.id))
    .where(inArray(accounts.id, [...new Set(accountIds)]));
}

/** finishChargeAttempt for many succeeded attempts: the ids still at that attempt, now recorded as paid. */
export async function markChargesSucceeded(db: Database, paid: { id: string; attempts: number; intentId: string }[], now: Date): Promise<Set<string>> {
  if (!paid.length) return new Set();
  const values = sql.join(
    paid.map((row) => sql`(${row.id}::uuid, ${row.attempts}::int, ${row.intentId}::text)`),
    sql`, `,
  );
  const rows = await db
    .update(charges)
    .set({ status: 'succeeded', succeededAt: now, failureCode: null, processingSince: null, updatedAt: now, gatewayIntentId: sql`paid.intent_id` })
    .from(sql`(values ${values}) as paid(id, attempts, intent_id)`)
    .where(and(sql`${charges.id} = paid.id`, sql`${charges.attempts} = paid.attempts`, inArray(charges.status, ['processing', 'requiresAction'])))
    .returning({ id: charges.id });
  return new Set(rows.map((row) => row.id));
}

/**
 * Moves paid subscriptions into their new period, each only from the status it was decided on (as
 * updateSubscriptionFrom does one by one). Returns the ids that moved.
 */
export async function startPaidPeriods(
  db: Database,
  moves: { id: string; fromStatus: SubscriptionRow['status']; toStatus: SubscriptionRow['status']; periodNumber: number; periodStart: string; periodEnd: string | null }[],
  now: Date,
): Promise<Set<string>> {
  if (!moves.length) return new Set();
  const values = sql.join(
    moves.map((move) => sql`(${move.id}::uuid, ${move.fromStatus}::text, ${move.toStatus}::text, ${move.periodNumber}::int, ${move.periodStart}::date, ${move.periodEnd}::date)`),
    sql`, `,
  );
  const rows = await db
    .update(subscriptions)
    .set({
      status: sql`paid.to_status`,
      periodNumber: sql`paid.period_number`,
      currentPeriodStart: sql`paid.period_start`,
      currentPeriodEnd: sql`paid.period_end`,
      suspendedAt: null,
      updatedAt: now,
    })
    .from(sql`(values ${values}) as paid(id, from_status, to_status, period_number, period_start, period_end)`)
    .where(and(sql`${subscriptions.id} = paid.id`, sql`${subscriptions.status} = paid.from_status`))
    .returning({ id: subscriptions.id });
  return new Set(rows.map((row) => row.id));
}

export async function insertSubscriptionEvents(db: Database, events: (typeof subscriptionEvents.$inferInsert)[]): Promise<void> {
  if (events.length) await db.insert(subscriptionEvents).values(events);
}
