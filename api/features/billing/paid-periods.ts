import { periodNumberOf } from '../../../src/domain/billing/schedule.ts';
import { nextStatus } from '../../../src/domain/billing/subscription-states.ts';
import type { SiteSettings } from '../../../src/content/types.ts';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { sendInTransaction } from '../../jobs/queue.ts';
import { issueReceipts } from '../documents/issue.ts';
import { queueMails } from '../mail/outbox.ts';
import { findSubscriptionsByIds, insertSubscriptionEvents, startPaidPeriods } from './batch/queries.ts';
import { paymentReceivedMailOf } from './apply-charge-outcome.ts';
import type { BillingAccount, ChargeRow, NewSubscription, SubscriptionRow } from './queries.ts';
import { REFUND_QUEUE } from './refunds.ts';
import { lessonStatusOf, queueLessonSync } from './sync-lessons.ts';

/** A plan charge the gateway took, already recorded as succeeded in the ledger. */
export interface PaidPeriod {
  charge: ChargeRow;
  /** The subscription as it was read when its charge was decided on. */
  sub: SubscriptionRow;
  account: BillingAccount;
}

/**
 * The one write of paid periods, for one subscription (an attempt settled by a webhook, a retry,
 * a new card) or a batch of the clock: each subscription moves into the period its charge paid
 * for, guarded by the status it was read in, with its event, the lesson school told where lessons
 * resume, and the receipt mailed — one statement per step whatever the count, in the caller's
 * transaction. A subscription someone else moved since it was read (a cancellation under way) is
 * tried once more from its current status; one that may no longer be charged (it ended) gets its
 * money back by a refund job. The receipt goes out in every case: the money was taken.
 */
export async function recordPaidPeriods(ctx: AppContext, tx: Database, paid: PaidPeriod[], today: string, settings: SiteSettings): Promise<void> {
  if (!paid.length) return;
  const now = ctx.clock.now();
  const moved = await movePaid(tx, paid, now);
  const missed = paid.filter(({ sub }) => !moved.has(sub.id));
  let late: PaidPeriod[] = [];
  if (missed.length) {
    const current = new Map((await findSubscriptionsByIds(tx, missed.map(({ sub }) => sub.id))).map((sub) => [sub.id, sub]));
    late = missed.flatMap((entry) => {
      const sub = current.get(entry.sub.id);
      return sub && sub.status !== entry.sub.status ? [{ ...entry, sub }] : [];
    });
    for (const [id, to] of await movePaid(tx, late, now)) moved.set(id, to);
  }
  const done = [...paid.filter(({ sub }) => moved.has(sub.id)), ...late.filter(({ sub }) => moved.has(sub.id))];
  await insertSubscriptionEvents(
    tx,
    done.map(({ sub, charge }) => ({ subscriptionId: sub.id, type: 'charged', fromStatus: sub.status, toStatus: moved.get(sub.id)!, cause: 'gateway', actorAccountId: null, details: { chargeId: charge.id, amount: charge.amount }, at: now })),
  );
  for (const { sub } of done) {
    // The lesson school hears of a change in what the lessons are (suspended ones resume).
    const updated = { ...sub, status: moved.get(sub.id)!, suspendedAt: null };
    if (lessonStatusOf(updated) !== lessonStatusOf(sub)) await queueLessonSync(ctx, tx, updated);
  }
  for (const { sub, charge } of paid.filter(({ sub }) => !moved.has(sub.id))) {
    // The member left while the charge was under way: the money goes back (see refunds).
    await insertSubscriptionEvents(tx, [{ subscriptionId: sub.id, type: 'chargedAfterEnd', cause: 'gateway', details: { chargeId: charge.id }, at: now }]);
    await sendInTransaction(ctx.jobs, tx, REFUND_QUEUE, { chargeId: charge.id, amount: charge.amount, reason: 'chargedAfterEnd' }, { singletonKey: `refund:${charge.id}` });
  }
  await queueMails(
    ctx,
    paid.map(({ charge, account }) => paymentReceivedMailOf(ctx, settings, account, charge, today)),
    tx,
  );
  // Last: the receipt's counter row is locked after the subscriptions' rows (docs/decisions, documents).
  await issueReceipts(ctx, tx, paid.map(({ charge }) => charge.id));
}

/** The guarded move of each subscription the state table lets be charged; the ids moved, with their new status. */
async function movePaid(tx: Database, paid: PaidPeriod[], now: Date): Promise<Map<string, SubscriptionRow['status']>> {
  const moves = paid.flatMap(({ sub, charge }) => {
    const to = nextStatus(sub.status, 'charged');
    if (!to) return [];
    const changes = paidPeriodChanges(sub, charge);
    return [{ id: sub.id, fromStatus: sub.status, toStatus: to, periodNumber: changes.periodNumber, periodStart: changes.currentPeriodStart, periodEnd: changes.currentPeriodEnd }];
  });
  const moved = await startPaidPeriods(tx, moves, now);
  return new Map(moves.filter((move) => moved.has(move.id)).map((move) => [move.id, move.toStatus]));
}

/** The period a paid plan charge starts (lessons resume if they were suspended). */
export function paidPeriodChanges(sub: SubscriptionRow, charge: ChargeRow) {
  const number = sub.billingAnchor ? periodNumberOf(sub.billingAnchor, sub.contractMonth, charge.periodStart) : undefined;
  return { periodNumber: number ?? (sub.periodNumber ?? -1) + 1, currentPeriodStart: charge.periodStart, currentPeriodEnd: charge.periodEnd, suspendedAt: null } satisfies Partial<NewSubscription>;
}
