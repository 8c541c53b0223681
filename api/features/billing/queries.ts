import { and, asc, desc, eq, gte, inArray, lte, ne, or, sql } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '../../db/client.ts';
import { accounts, cards, charges, refunds, subscriptionEvents, subscriptions, type ChargeStatus } from '../../db/schema/index.ts';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type NewSubscription = typeof subscriptions.$inferInsert;
export type ChargeRow = typeof charges.$inferSelect;
export type NewCharge = typeof charges.$inferInsert;
export type RefundRow = typeof refunds.$inferSelect;

/** A charge not paid yet that may still be: what the clock retries and the next-payment line reads. */
export const OPEN_CHARGE_STATUSES = ['pending', 'processing', 'requiresAction', 'failed'] as const satisfies readonly ChargeStatus[];

// --- subscriptions -------------------------------------------------------------------------------

export async function insertSubscription(db: Database, row: NewSubscription): Promise<SubscriptionRow | undefined> {
  return (await db.insert(subscriptions).values(row).onConflictDoNothing().returning())[0];
}

export async function findSubscription(db: Database, id: string): Promise<SubscriptionRow | undefined> {
  return (await prepared(db, 'findSubscription').execute({ id }))[0];
}

/**
 * A subscription with its open period charge (the latest, if any) and whether a buyout was ever
 * charged: everything the clock decides on, in one round trip.
 */
export async function findSubscriptionForClock(db: Database, id: string): Promise<{ sub: SubscriptionRow; open: ChargeRow | undefined; buyoutCharged: boolean } | undefined> {
  const [row] = await prepared(db, 'findSubscriptionForClock').execute({ id });
  return row && { sub: row.sub, open: row.open ?? undefined, buyoutCharged: row.buyoutCharged };
}

export async function findSubscriptionByOrder(db: Database, orderId: string): Promise<SubscriptionRow | undefined> {
  return (await db.select().from(subscriptions).where(eq(subscriptions.orderId, orderId)))[0];
}

/** The member's subscriptions: live ones first (normal before ESAT-J), then ended ones, newest first. */
export async function listSubscriptionsOf(db: Database, accountId: string): Promise<SubscriptionRow[]> {
  // Prepared: the member's most frequent read (GET /api/v2/userdata) starts here.
  return prepared(db, 'listSubscriptionsOf').execute({ accountId });
}

/** The member's live subscription of a kind (one at most). */
export async function findLiveSubscription(db: Database, accountId: string, kind: SubscriptionRow['kind']): Promise<SubscriptionRow | undefined> {
  return (await db.select().from(subscriptions).where(and(eq(subscriptions.accountId, accountId), eq(subscriptions.kind, kind), ne(subscriptions.status, 'ended'))))[0];
}

/**
 * Changes a subscription only if it is still in the status the change was decided on: two
 * processes deciding at once cannot both apply a transition. Undefined when it had moved on.
 */
export async function updateSubscriptionFrom(db: Database, id: string, fromStatus: SubscriptionRow['status'], changes: Partial<NewSubscription>): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .update(subscriptions)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(subscriptions.id, id), eq(subscriptions.status, fromStatus)))
    .returning();
  return row;
}

export async function insertSubscriptionEvent(db: Database, event: typeof subscriptionEvents.$inferInsert): Promise<void> {
  await db.insert(subscriptionEvents).values(event);
}

export async function listSubscriptionEvents(db: Database, subscriptionId: string) {
  return db.select().from(subscriptionEvents).where(eq(subscriptionEvents.subscriptionId, subscriptionId)).orderBy(asc(subscriptionEvents.at), asc(subscriptionEvents.id));
}

/**
 * Subscriptions with something the clock must do by `today` (a business day): a trial reminder
 * or charge, a renewal, a retry, an end, a buyout, or an attempt cut off by a crash. A superset
 * is fine: the job decides with the domain rules and does nothing when nothing is due.
 */
export async function findSubscriptionsWithDueWork(
  db: Database,
  due: { today: string; reminderHorizon: string; renewalHorizon: string; buyoutCutoff: string; staleBefore: Date; after: string; limit: number },
): Promise<string[]> {
  const { today, reminderHorizon, renewalHorizon, buyoutCutoff, staleBefore, after, limit } = due;
  const rows = await db.execute<{ id: string }>(sql`
    select s.id from ${subscriptions} s
    where s.id > ${after}::uuid and (
          (s.status = 'trialing' and (s.trial_ends_on <= ${today}::date or (s.trial_reminded_at is null and s.trial_ends_on <= ${reminderHorizon}::date)))
       or (s.status = 'active' and s.current_period_end <= ${today}::date)
       or (s.status = 'active' and s.contract_month in (3, 12) and s.current_period_end <= ${renewalHorizon}::date
           and s.renewal_noticed_for is distinct from s.current_period_end)
       or (s.status = 'cancelRequested' and s.ends_on <= ${today}::date)
       or (s.status = 'ended' and s.package_type <> 'standard' and s.shipped_on is not null and s.device_returned_on is null and s.ends_on <= ${buyoutCutoff}::date
           and not exists (select 1 from ${charges} b where b.subscription_id = s.id and b.kind = 'buyout'))
       or exists (
         select 1 from ${charges} c
         where c.subscription_id = s.id and c.kind = 'period'
           and (c.status = 'pending'
             or (c.status = 'processing' and c.processing_since < ${staleBefore.toISOString()}::timestamptz)
             or (c.status in ('failed', 'requiresAction') and s.status = 'retrying' and c.first_failed_on < ${today}::date))
       ))
    order by s.id
    limit ${limit}
  `);
  return rowsOf<{ id: string }>(rows).map((row) => row.id);
}

/**
 * Whether a charge of any kind is at the gateway now (a retry, a buyout, a fee, the charge of a plan
 * that ended meanwhile), within its lease: one held past it is the due-work query's. The wake-up
 * query no longer lists a `retrying` subscription whose charge is `processing`, so /dev/clock asks
 * this too (with api/jobs' jobsUnderWay) before it answers.
 */
export async function chargesAtGateway(db: Database, staleBefore: Date): Promise<boolean> {
  const rows = await db.select({ id: charges.id }).from(charges).where(and(eq(charges.status, 'processing'), gte(charges.processingSince, staleBefore))).limit(1);
  return rows.length > 0;
}

/** Marks the renewal on `renewsOn` as announced, once: undefined when it was already (or the period moved on). */
export async function markRenewalNoticed(db: Database, id: string, renewsOn: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .update(subscriptions)
    .set({ renewalNoticedFor: renewsOn, updatedAt: new Date() })
    .where(and(eq(subscriptions.id, id), eq(subscriptions.status, 'active'), eq(subscriptions.currentPeriodEnd, renewsOn), sql`${subscriptions.renewalNoticedFor} is distinct from ${renewsOn}::date`))
    .returning();
  return row;
}

/** The period charges of these subscriptions that an attempt still holds (processing), with since when. */
export async function findHeldPeriodCharges(db: Database, subscriptionIds: string[]): Promise<{ subscriptionId: string; processingSince: Date }[]> {
  if (!subscriptionIds.length) return [];
  const rows = await db
    .select({ subscriptionId: charges.subscriptionId, processingSince: charges.processingSince })
    .from(charges)
    .where(and(inArray(charges.subscriptionId, subscriptionIds), eq(charges.kind, 'period'), eq(charges.status, 'processing')));
  return rows.flatMap((row) => (row.subscriptionId && row.processingSince ? [{ subscriptionId: row.subscriptionId, processingSince: row.processingSince }] : []));
}

// --- the gateway's pace (product decision 29) --------------------------------------------------------------

/**
 * Reserves the next free slot at the gateway: slots are `intervalMs` apart, for every worker of
 * every process (one atomic upsert; PostgreSQL's clock, so the servers' clocks do not matter).
 * Returns the slot and how long to wait for it (0: go now).
 */
export async function reserveGatewaySlot(db: Database, gateway: string, intervalMs: number): Promise<{ slotAt: Date; waitMs: number }> {
  const step = sql`make_interval(secs => ${intervalMs / 1000}::float8)`;
  const rows = await db.execute<{ slot_at: Date | string; wait_ms: number }>(sql`
    insert into gateway_pace as p (gateway, next_slot_at) values (${gateway}, clock_timestamp() + ${step})
    on conflict (gateway) do update set next_slot_at = greatest(p.next_slot_at, clock_timestamp()) + ${step}
    returning p.next_slot_at - ${step} as slot_at, greatest(0, extract(epoch from p.next_slot_at - ${step} - clock_timestamp()) * 1000)::float8 as wait_ms`);
  const [row] = rowsOf<{ slot_at: Date | string; wait_ms: number }>(rows);
  return { slotAt: new Date(row!.slot_at), waitMs: Number(row!.wait_ms) };
}

// --- charges -------------------------------------------------------------------------------------

export async function insertCharge(db: Database, row: NewCharge): Promise<ChargeRow | undefined> {
  return (await db.insert(charges).values(row).onConflictDoNothing({ target: charges.idempotencyKey }).returning())[0];
}

export async function findChargeByKey(db: Database, idempotencyKey: string): Promise<ChargeRow | undefined> {
  return (await db.select().from(charges).where(eq(charges.idempotencyKey, idempotencyKey)))[0];
}

export async function findCharge(db: Database, id: string): Promise<ChargeRow | undefined> {
  return (await db.select().from(charges).where(eq(charges.id, id)))[0];
}

export async function findChargeByIntent(db: Database, intentId: string): Promise<ChargeRow | undefined> {
  return (await db.select().from(charges).where(eq(charges.gatewayIntentId, intentId)))[0];
}

/**
 * What GET /api/v2/userdata shows of one live plan, and all its next-payment line needs: the plan's
 * own fields and its open plan charge (the latest, if any). Dates as ISO text, as drizzle reads
 * them (`mode: 'string'`).
 */
export interface LivePlanLine {
  kind: SubscriptionRow['kind'];
  status: SubscriptionRow['status'];
  planName: string;
  productId: string;
  optionId: string;
  lessonAccountId: string | null;
  trialEndsOn: string | null;
  currentPeriodEnd: string | null;
  endsOn: string | null;
  open: Pick<ChargeRow, 'status' | 'periodStart' | 'attempts' | 'firstFailedOn' | 'failureCode'> | null;
}

/**
 * The member's live plans as LivePlanLine, in listSubscriptionsOf's order, in one round trip.
 * GET /api/v2/userdata reads it with every signed-in page, so it is plain SQL (`readRows`) that
 * selects only those fields, each row built by PostgreSQL as one JSON object under its JS names:
 * nothing to decode, on either driver (both parse json; dates inside it are ISO text). A column
 * renamed in the schema must be renamed here too (api/features/billing/live-plans.test.ts reads
 * every field back against drizzle's select).
 */
export function listLivePlanLines(database: Pick<DatabaseHandle, 'readRows'>, accountId: string): Promise<LivePlanLine[]> {
  // A promise chain, not an async function: one promise step fewer on the hot read.
  return database.readRows<{ plan: LivePlanLine }>(livePlanLinesText, [accountId]).then((rows) => rows.map((row) => row.plan));
}

// One row per subscription (its latest open period charge): distinct on the order's first keys.
const livePlanLinesText = `
  select distinct on (case s.kind when 'normal' then 0 else 1 end, s.created_at, s.id) json_build_object(
    'kind', s.kind, 'status', s.status, 'planName', s.plan_name, 'productId', s.product_id, 'optionId', s.option_id,
    'lessonAccountId', s.lesson_account_id, 'trialEndsOn', s.trial_ends_on, 'currentPeriodEnd', s.current_period_end, 'endsOn', s.ends_on,
    'open', case when c.id is null then null else json_build_object(
      'status', c.status, 'periodStart', c.period_start, 'attempts', c.attempts, 'firstFailedOn', c.first_failed_on, 'failureCode', c.failure_code) end) as plan
  from subscriptions s
  left join charges c on c.subscription_id = s.id and c.kind = 'period' and c.status in (${OPEN_CHARGE_STATUSES.map((status) => `'${status}'`).join(', ')})
  where s.account_id = $1 and s.status <> 'ended'
  order by case s.kind when 'normal' then 0 else 1 end, s.created_at desc, s.id, c.created_at desc`;

/**
 * The period charge of a subscription that is not paid yet, if any (a switch charge is settled
 * while the member waits, and never retried by the clock).
 */
export async function findOpenPeriodCharge(db: Database, subscriptionId: string): Promise<ChargeRow | undefined> {
  return (await prepared(db, 'findOpenPeriodCharge').execute({ subscriptionId }))[0];
}

/** The succeeded plan charges (period or switch) for periods starting on a day: several after switches on one day. */
export async function listPaidPlanCharges(db: Database, subscriptionId: string, periodStart: string): Promise<ChargeRow[]> {
  return db
    .select()
    .from(charges)
    .where(and(eq(charges.subscriptionId, subscriptionId), inArray(charges.kind, ['period', 'switch']), eq(charges.status, 'succeeded'), eq(charges.periodStart, periodStart)));
}

/**
 * Starts an attempt: the charge goes to processing and its attempt count up, only from a state
 * that allows it (or from a processing attempt whose lease ran out, which is then repeated with
 * the same attempt number, hence the same gateway key). Undefined when someone else holds it.
 */
export async function beginChargeAttempt(db: Database, id: string, now: Date, staleBefore: Date): Promise<ChargeRow | undefined> {
  return (await beginChargeAttempts(db, [id], now, staleBefore))[0];
}

/** Starts attempts at many charges at once (the clock's batch): the ones this worker now holds. */
export async function beginChargeAttempts(db: Database, ids: string[], now: Date, staleBefore: Date): Promise<ChargeRow[]> {
  if (!ids.length) return [];
  return db
    .update(charges)
    .set({
      status: 'processing',
      attempts: sql`case when ${charges.status} = 'processing' then ${charges.attempts} else ${charges.attempts} + 1 end`,
      processingSince: now,
      updatedAt: now,
    })
    .where(
      and(
        inArray(charges.id, ids),
        or(inArray(charges.status, ['pending', 'failed', 'requiresAction']), and(eq(charges.status, 'processing'), lte(charges.processingSince, staleBefore))),
      ),
    )
    .returning();
}

/** Records the outcome of the attempt under way (only while it is still that attempt). */
export async function finishChargeAttempt(
  db: Database,
  id: string,
  attempt: number,
  changes: { status: ChargeStatus; failureCode?: string | null; firstFailedOn?: string | null; succeededAt?: Date | null; gatewayIntentId?: string },
): Promise<ChargeRow | undefined> {
  const [row] = await db
    .update(charges)
    .set({ ...changes, processingSince: null, updatedAt: new Date() })
    .where(and(eq(charges.id, id), eq(charges.attempts, attempt), inArray(charges.status, ['processing', 'requiresAction'])))
    .returning();
  return row;
}

/**
 * A plan that ends at once drops what it no longer owes: the unpaid period (pending, retrying or
 * waiting for 3-D Secure) and a switch still waiting for its payment. A switch that already failed
 * stays in the history as failed (the member was told so), and fees stay owed (product decision 27),
 * except with `fees`: cooling-off charges no fee of any kind (product decision 30), so an unpaid
 * fee or buyout is dropped too.
 */
export async function cancelOpenCharges(db: Database, subscriptionId: string, options: { fees?: boolean } = {}): Promise<void> {
  const unpaid = ['pending', 'failed', 'requiresAction'] as const;
  await db
    .update(charges)
    .set({ status: 'canceled', processingSince: null, updatedAt: new Date() })
    .where(
      and(
        eq(charges.subscriptionId, subscriptionId),
        or(
          and(eq(charges.kind, 'period'), inArray(charges.status, [...unpaid])),
          and(eq(charges.kind, 'switch'), inArray(charges.status, ['pending', 'requiresAction'])),
          options.fees ? and(inArray(charges.kind, ['fee', 'buyout']), inArray(charges.status, [...unpaid])) : undefined,
        ),
      ),
    );
}

/** Drops one charge that is no longer wanted (a switch the member walked away from), unless it is under way. */
export async function cancelCharge(db: Database, id: string): Promise<boolean> {
  const rows = await db
    .update(charges)
    .set({ status: 'canceled', processingSince: null, updatedAt: new Date() })
    .where(and(eq(charges.id, id), inArray(charges.status, ['pending', 'failed', 'requiresAction'])))
    .returning({ id: charges.id });
  return rows.length > 0;
}

/** Charges that are not a plan's period (product decision 27: they fail and retry like one, and never stop lessons). */
export const FEE_KINDS = ['fee', 'buyout', 'books'] as const;

/**
 * Failed charges of a member that a new card should retry at once (product decisions 14 and 27): plan
 * charges of a retrying or past-due subscription, and fees, buyouts and textbooks whatever became
 * of their subscription.
 */
export async function listRetryableChargesOf(db: Database, accountId: string): Promise<ChargeRow[]> {
  return db
    .select({ charge: charges })
    .from(charges)
    .innerJoin(subscriptions, eq(subscriptions.id, charges.subscriptionId))
    .where(
      and(
        eq(charges.accountId, accountId),
        inArray(charges.status, ['failed', 'requiresAction']),
        or(and(eq(charges.kind, 'period'), inArray(subscriptions.status, ['retrying', 'pastDue'])), inArray(charges.kind, [...FEE_KINDS])),
      ),
    )
    .then((rows) => rows.map((row) => row.charge));
}

/** A subscription's fees, buyouts and textbooks whose charge failed: the member's open payments. */
export async function listOpenFeeCharges(db: Database, subscriptionId: string): Promise<ChargeRow[]> {
  return db
    .select()
    .from(charges)
    .where(and(eq(charges.subscriptionId, subscriptionId), inArray(charges.kind, [...FEE_KINDS]), inArray(charges.status, ['failed', 'requiresAction'])))
    .orderBy(asc(charges.createdAt));
}

/** Failed fee charges whose retries are not over (the clock retries the due ones; product decision 27). */
export async function listFailedFeeCharges(db: Database, maxAttempts: number): Promise<ChargeRow[]> {
  return db
    .select()
    .from(charges)
    .where(and(inArray(charges.kind, [...FEE_KINDS]), eq(charges.status, 'failed'), lte(charges.attempts, maxAttempts)));
}

/** What the member confirmed when cancelling: the quote stored with the cancellation event. */
export async function findCancellationDetails(db: Database, subscriptionId: string): Promise<Record<string, unknown> | undefined> {
  const [row] = await db
    .select({ details: subscriptionEvents.details })
    .from(subscriptionEvents)
    .where(and(eq(subscriptionEvents.subscriptionId, subscriptionId), inArray(subscriptionEvents.type, ['cancelRequested', 'cancelledAtOnce'])))
    .orderBy(desc(subscriptionEvents.at))
    .limit(1);
  return row?.details;
}

/** A plan switch of the subscription still waiting for the member or the bank (one at a time). */
export async function findOpenSwitchCharge(db: Database, subscriptionId: string): Promise<ChargeRow | undefined> {
  const [row] = await db
    .select()
    .from(charges)
    .where(and(eq(charges.subscriptionId, subscriptionId), eq(charges.kind, 'switch'), inArray(charges.status, ['pending', 'processing', 'requiresAction'])))
    .limit(1);
  return row;
}

/** How many switches of the subscription ended without going through (declined, or given way to another). */
export async function countEndedSwitchCharges(db: Database, subscriptionId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(charges)
    .where(and(eq(charges.subscriptionId, subscriptionId), eq(charges.kind, 'switch'), inArray(charges.status, ['failed', 'canceled'])));
  return Number(row?.count ?? 0);
}

/** The member's charges and refunds, newest first: the billing history. */
export async function listBillingHistory(db: Database, accountId: string) {
  const [chargeRows, refundRows] = await Promise.all([
    db.select().from(charges).where(and(eq(charges.accountId, accountId), ne(charges.status, 'canceled'))).orderBy(desc(charges.createdAt)).limit(200),
    db.select().from(refunds).where(eq(refunds.accountId, accountId)).orderBy(desc(refunds.createdAt)).limit(200),
  ]);
  return { charges: chargeRows, refunds: refundRows };
}

// --- refunds -------------------------------------------------------------------------------------

export async function insertRefund(db: Database, row: typeof refunds.$inferInsert): Promise<RefundRow | undefined> {
  return (await db.insert(refunds).values(row).onConflictDoNothing({ target: refunds.idempotencyKey }).returning())[0];
}

export async function findRefundByKey(db: Database, idempotencyKey: string): Promise<RefundRow | undefined> {
  return (await db.select().from(refunds).where(eq(refunds.idempotencyKey, idempotencyKey)))[0];
}

export async function finishRefund(db: Database, id: string, changes: { status: RefundRow['status']; gatewayRefundId?: string; failureCode?: string | null; succeededAt?: Date | null }): Promise<void> {
  await db.update(refunds).set(changes).where(and(eq(refunds.id, id), eq(refunds.status, 'pending')));
}

/** How much of a charge has been given back already. */
export async function refundedAmount(db: Database, chargeId: string): Promise<number> {
  const rows = await db.select({ amount: refunds.amount }).from(refunds).where(and(eq(refunds.chargeId, chargeId), ne(refunds.status, 'failed')));
  return rows.reduce((sum, row) => sum + row.amount, 0);
}

// --- accounts and cards, as billing needs them -----------------------------------------------------

export async function findBillingAccount(db: Database, accountId: string) {
  const [row] = await prepared(db, 'findBillingAccount').execute({ accountId });
  return row;
}

export type BillingAccount = NonNullable<Awaited<ReturnType<typeof findBillingAccount>>>;

/**
 * The clock's hot queries, prepared once per database handle (about twice the throughput). Each is
 * built on first use: a transaction is a handle of its own, and building all of them for every
 * transaction that runs one was a tenth of the clock's time.
 */
/** A member's plans in the order My Page lists them: the normal plan before ESAT-J, then newest first. */
const normalFirst = sql`case ${subscriptions.kind} when 'normal' then 0 else 1 end`;

const builders = {
  findBillingAccount: (db: Database) =>
    db
      .select({ id: accounts.id, email: accounts.email, firstName: accounts.firstName, lastName: accounts.lastName, card: cards })
      .from(accounts)
      .leftJoin(cards, eq(cards.accountId, accounts.id))
      .where(eq(accounts.id, sql.placeholder('accountId')))
      .prepare('billing_find_account'),
  findSubscription: (db: Database) => db.select().from(subscriptions).where(eq(subscriptions.id, sql.placeholder('id'))).prepare('billing_find_subscription'),
  findSubscriptionForClock: (db: Database) =>
    db
      .select({
        sub: subscriptions,
        open: charges,
        buyoutCharged: sql<boolean>`exists (select 1 from ${charges} b where b.subscription_id = ${subscriptions.id} and b.kind = 'buyout')`.mapWith(Boolean),
      })
      .from(subscriptions)
      .leftJoin(
        charges,
        and(eq(charges.subscriptionId, subscriptions.id), ne(subscriptions.status, 'ended'), eq(charges.kind, 'period'), inArray(charges.status, [...OPEN_CHARGE_STATUSES])),
      )
      .where(eq(subscriptions.id, sql.placeholder('id')))
      .orderBy(desc(charges.createdAt))
      .limit(1)
      .prepare('billing_find_subscription_for_clock'),
  listSubscriptionsOf: (db: Database) =>
    db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.accountId, sql.placeholder('accountId')))
      .orderBy(sql`case when ${subscriptions.status} = 'ended' then 1 else 0 end`, normalFirst, desc(subscriptions.createdAt))
      .prepare('billing_list_subscriptions_of'),
  findOpenPeriodCharge: (db: Database) =>
    db
      .select()
      .from(charges)
      .where(and(eq(charges.subscriptionId, sql.placeholder('subscriptionId')), eq(charges.kind, 'period'), inArray(charges.status, [...OPEN_CHARGE_STATUSES])))
      .orderBy(desc(charges.createdAt))
      .limit(1)
      .prepare('billing_find_open_period_charge'),
};

type Prepared = { [K in keyof typeof builders]: ReturnType<(typeof builders)[K]> };
const cache = new WeakMap<Database, Partial<Prepared>>();
function prepared<K extends keyof Prepared>(db: Database, name: K): Prepared[K] {
  let queries = cache.get(db);
  if (!queries) cache.set(db, (queries = {}));
  return (queries[name] ??= builders[name](db) as Prepared[K]);
}



/** Members whose card expires in the given month and who still pay for a plan. */
export async function listCardsExpiringIn(db: Database, year: number, month: number) {
  return db
    .selectDistinct({ accountId: accounts.id, email: accounts.email, firstName: accounts.firstName, lastName: accounts.lastName, last4: cards.last4, brand: cards.brand })
    .from(cards)
    .innerJoin(accounts, eq(accounts.id, cards.accountId))
    .innerJoin(subscriptions, and(eq(subscriptions.accountId, accounts.id), inArray(subscriptions.status, ['trialing', 'active', 'retrying', 'pastDue'])))
    .where(and(eq(cards.expYear, year), eq(cards.expMonth, month)));
}

function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? []);
}
