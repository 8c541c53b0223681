import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../../src/domain/billing/dates.ts';
import { decisionRows } from '../../../src/domain/billing/next-action.cases.ts';
import type { BillingState } from '../../../src/domain/billing/next-action.ts';
import { periodOf } from '../../../src/domain/billing/schedule.ts';
import { seedTrialingSubscriptions } from '../../../tests/support/billing-seed.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';
import type { AppContext } from '../../context.ts';
import { charges, subscriptions } from '../../db/schema/index.ts';
import { decideMany } from './batch/charge-together.ts';
import { dueSubscriptionIds } from './jobs.ts';

/**
 * The clock wakes a subscription only when its wake-up query (findSubscriptionsWithDueWork) lists
 * it; what it then does is the decision table's (nextBillingAction). The two must agree: every row
 * of the table (src/domain/billing/next-action.cases.ts) is written as database rows, the clock's
 * own reading of them must give the row's decision, and a row with work must be found by the
 * query. A state the table gives work to and the query forgets fails here.
 */
const app = useTestApp();
const packageOf = { robot: 'original', tablet: 'ipad', none: 'standard' } as const;

/** A subscription (and its charges) in the given state. */
async function realise(state: BillingState, tag: string): Promise<string> {
  const { db } = app.ctx.database;
  const [id] = await seedTrialingSubscriptions(db, { count: 1, trialEndsOn: state.trialEndsOn ?? '2026-03-08', tag });
  const start = state.anchor && state.periodNumber !== null ? periodOf(state.anchor, state.contractMonths, state.periodNumber).start : null;
  await db
    .update(subscriptions)
    .set({
      status: state.status,
      contractMonth: state.contractMonths,
      shippedOn: state.shipped && state.trialEndsOn ? addDays(state.trialEndsOn, -7) : null,
      trialEndsOn: state.trialEndsOn,
      billingAnchor: state.anchor,
      trialRemindedAt: state.trialReminded ? new Date() : null,
      periodNumber: state.periodNumber,
      currentPeriodStart: start,
      currentPeriodEnd: state.currentPeriodEnd,
      endsOn: state.endsOn,
      suspendedAt: state.suspended ? new Date() : null,
      packageType: packageOf[state.device],
      deviceReturnedOn: state.deviceReturned ? state.endsOn : null,
      renewalNoticedFor: state.renewalNoticed ? state.currentPeriodEnd : null,
    })
    .where(eq(subscriptions.id, id!));
  const [sub] = await db.select().from(subscriptions).where(eq(subscriptions.id, id!));
  if (state.buyoutCharged) {
    await db.insert(charges).values({ accountId: sub!.accountId, subscriptionId: id!, kind: 'buyout', periodStart: state.endsOn!, amount: 76_780, description: 'buyout', status: 'succeeded', idempotencyKey: `sub:${id}:buyout`, attempts: 1 });
  }
  const open = state.openCharge;
  if (open) {
    const leaseMs = app.ctx.config.billingAttemptLeaseMs;
    await db.insert(charges).values({
      accountId: sub!.accountId,
      subscriptionId: id!,
      kind: 'period',
      periodStart: open.periodStart,
      amount: sub!.periodPrice,
      description: 'period',
      status: open.status,
      idempotencyKey: `sub:${id}:period:${open.periodStart}`,
      attempts: open.failures,
      firstFailedOn: open.firstFailedOn,
      failureCode: open.failureCode,
      processingSince: open.status === 'processing' ? new Date(Date.now() - (open.isStale ? leaseMs + 60_000 : 0)) : null,
    });
  }
  return id!;
}

/** The app as the clock sees it at noon (Japan) of a business day. */
function at(today: string): AppContext {
  const now = new Date(`${today}T12:00:00+09:00`);
  return { ...app.ctx, clock: { now: () => now } };
}

async function found(ctx: AppContext, id: string): Promise<boolean> {
  for await (const ids of dueSubscriptionIds(ctx)) if (ids.includes(id)) return true;
  return false;
}

describe('the clock wakes every subscription the decision table has work for', () => {
  it.each(decisionRows.map((row, index) => [...row, index] as const))('%s', async (_name, state, today, action, index) => {
    const id = await realise(state, `wake${index}`);
    const ctx = at(today);
    const [decided] = await decideMany(ctx, [id]);
    // The rows say what the table says (so the row is the state it names)…
    expect(decided?.action).toEqual(action);
    // …and a subscription with work is found by the query that wakes the clock.
    if (action.kind !== 'none') expect(await found(ctx, id)).toBe(true);
  });
});
