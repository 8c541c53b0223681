import { addDays, tokyoDate, tokyoToday } from '../../../src/domain/billing/dates.ts';
import { RENEWAL_NOTICE_DAYS, TRIAL_REMINDER_DAYS } from '../../../src/domain/billing/schedule.ts';
import { DEVICE_RETURN_DAYS } from '../../../src/domain/constants.ts';
import type { AppContext } from '../../context.ts';
import { BILLING_JOB_RETRY_SECONDS, JOB_HEARTBEAT_SECONDS } from '../../jobs/recovery.ts';
import { jobsUnderWay } from '../../jobs/queue.ts';
import { syncClock } from '../dev-clock/clock.ts';
import { queueMail } from '../mail/outbox.ts';
import { advanceSubscription } from './advance.ts';
import { chargeDuePeriodsTogether, decideMany } from './batch/charge-together.ts';
import { dueFeeCharges, retryDueFees } from './fees.ts';
import { cardUrl } from './apply-charge-outcome.ts';
import { cardExpiringMail } from './mails.ts';
import { chargesAtGateway, findHeldPeriodCharges, findSubscription, findSubscriptionsWithDueWork, listCardsExpiringIn } from './queries.ts';
import { REFUND_QUEUE, refundCharge } from './refunds.ts';
import { LESSON_SYNC_QUEUE, lessonStatusOf } from './sync-lessons.ts';
import { awaitGatewayTurn } from './gateway-pace.ts';

/**
 * The billing clock on pg-boss (product decision 13). A cron tick (once across all processes) lists the
 * subscriptions with work due and queues one job per subscription; the queue is `stately` with the
 * subscription as singleton key, so a subscription is never worked on twice at once, whichever
 * process picks it up. Each job does what the domain rules say is due, and no more.
 */
export const BILLING_TICK_QUEUE = 'billing-tick';
export const BILLING_SUBSCRIPTION_QUEUE = 'billing-subscription';
const PAGE = 1000;

/** The subscriptions with work due now, page by page (a superset: the job decides). */
export async function* dueSubscriptionIds(ctx: AppContext): AsyncGenerator<string[]> {
  const today = tokyoToday(ctx.clock.now());
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const ids = await findSubscriptionsWithDueWork(ctx.database.db, {
      today,
      reminderHorizon: addDays(today, TRIAL_REMINDER_DAYS),
      renewalHorizon: addDays(today, RENEWAL_NOTICE_DAYS),
      buyoutCutoff: addDays(today, -(DEVICE_RETURN_DAYS + 1)),
      staleBefore: new Date(Date.now() - ctx.config.billingAttemptLeaseMs),
      after,
      limit: PAGE,
    });
    if (ids.length) yield ids;
    if (ids.length < PAGE) return;
    after = ids.at(-1)!;
  }
}

/** The tick: queue a job for every subscription with work due; mail the cards that expire this month. */
export async function billingTick(ctx: AppContext): Promise<number> {
  await syncClock(ctx, { force: true });
  let queued = 0;
  for await (const ids of dueSubscriptionIds(ctx)) {
    if (ctx.jobs) {
      await ctx.jobs.insert(
        BILLING_SUBSCRIPTION_QUEUE,
        ids.map((id) => ({ data: { subscriptionId: id }, singletonKey: id })),
      );
    } else {
      await advanceSubscriptions(ctx, ids);
    }
    queued += ids.length;
  }
  await mailExpiringCards(ctx);
  // Fees, buyouts and textbooks that failed are retried on the plan charges' days (product decision 27).
  queued += await retryDueFees(ctx);
  return queued;
}

/** "Your card expires this month" (product decision 14), once per member and month. */
export async function mailExpiringCards(ctx: AppContext): Promise<void> {
  const day = tokyoDate(ctx.clock.now());
  const members = await listCardsExpiringIn(ctx.database.db, day.year, day.month);
  if (!members.length) return;
  const settings = await ctx.siteSettings.get();
  for (const member of members) {
    const content = cardExpiringMail(settings, member, { brand: member.brand.toUpperCase(), last4: member.last4, cardUrl: cardUrl(ctx) });
    await queueMail(ctx, { template: 'billing-card-expiring', to: member.email, content, dedupeKey: `card-expiring:${member.accountId}:${day.year}-${day.month}` });
  }
}

/** Whether any subscription still has work due or under way (what /dev/clock waits for). */
export async function hasDueBillingWork(ctx: AppContext): Promise<boolean> {
  // Work under way counts too: on PostgreSQL a job runs on its own connection while the move polls
  // on another, and between two steps of a job the due-work query may see nothing due.
  if (await chargesAtGateway(ctx.database.db, new Date(Date.now() - ctx.config.billingAttemptLeaseMs))) return true;
  if (ctx.jobs && (await jobsUnderWay(ctx.database.db, [BILLING_SUBSCRIPTION_QUEUE, REFUND_QUEUE]))) return true;
  for await (const ids of dueSubscriptionIds(ctx)) {
    // The due-work query is a superset; ask the job's own rules whether anything would happen.
    const decided = await decideMany(ctx, ids);
    if (decided.some(({ action, open }) => action.kind !== 'none' || open?.status === 'processing')) return true;
  }
  return (await dueFeeCharges(ctx)).length > 0;
}

/**
 * Everything due for these subscriptions: the periods due charged together, then what else is
 * due one by one. A batch that fails as a whole is done again one by one, where one
 * subscription's failure is its own (the charge protocol makes repeating safe).
 */
async function advanceSubscriptions(ctx: AppContext, ids: string[], onFailure?: (id: string, error: unknown) => Promise<void>): Promise<void> {
  const rest = await chargeDuePeriodsTogether(ctx, ids).catch((error: unknown) => {
    ctx.logger.error('billing: batch failed, going one by one', { count: ids.length, error });
    return ids;
  });
  await Promise.all(
    rest.map((id) =>
      advanceSubscription(ctx, id).catch(async (error: unknown) => {
        ctx.logger.error('billing: subscription job failed', { subscriptionId: id, error });
        if (!onFailure) throw error;
        await onFailure(id, error);
      }),
    ),
  );
}

/**
 * A charge still processing after the job (another worker holds it, or a dead one did, or the
 * gateway did not answer): the subscription's job comes back when the attempt's lease is over, to
 * repeat it with the same key if nobody settled it — not at the next cron tick, minutes later.
 */
async function recheckHeldCharges(ctx: AppContext, ids: string[]): Promise<void> {
  const held = await findHeldPeriodCharges(ctx.database.db, ids);
  if (!held.length || !ctx.jobs) return;
  const now = Date.now();
  await Promise.all(
    held.map(({ subscriptionId, processingSince }) => {
      const startAfter = Math.max(1, Math.ceil((processingSince.getTime() + ctx.config.billingAttemptLeaseMs - now) / 1000) + 1);
      return ctx.jobs!.send(BILLING_SUBSCRIPTION_QUEUE, { subscriptionId }, { singletonKey: subscriptionId, startAfter });
    }),
  );
}

export async function registerBillingWorkers(ctx: AppContext): Promise<void> {
  const jobs = ctx.jobs;
  if (!jobs) return;
  await jobs.createQueue(BILLING_TICK_QUEUE, { policy: 'exclusive', retryLimit: 3, retryDelay: 30 });
  // A worker that dies loses its heartbeat; its job is retried elsewhere (the charge protocol makes that safe).
  await jobs.createQueue(BILLING_SUBSCRIPTION_QUEUE, {
    policy: 'stately',
    retryLimit: 10,
    retryDelay: BILLING_JOB_RETRY_SECONDS,
    retryBackoff: true,
    retryDelayMax: 3600,
    heartbeatSeconds: JOB_HEARTBEAT_SECONDS,
  });
  await jobs.createQueue(LESSON_SYNC_QUEUE, { policy: 'stately', retryLimit: 20, retryDelay: 30, retryBackoff: true, retryDelayMax: 3600 });
  await jobs.createQueue(REFUND_QUEUE, { retryLimit: 10, retryDelay: 60, retryBackoff: true, heartbeatSeconds: JOB_HEARTBEAT_SECONDS });
  await jobs.updateQueue(REFUND_QUEUE, { heartbeatSeconds: JOB_HEARTBEAT_SECONDS });

  await jobs.work(BILLING_TICK_QUEUE, { pollingIntervalSeconds: 0.5 }, async () => {
    await billingTick(ctx);
  });
  await jobs.work<{ subscriptionId: string }>(BILLING_SUBSCRIPTION_QUEUE, { pollingIntervalSeconds: 0.5, batchSize: 50, localConcurrency: 4, burstWhenBatchFull: true }, async (batch) => {
    // Every batch reads the shared clock: a job queued by another process just after it moved the
    // clock must see the same day.
    await syncClock(ctx, { force: true });
    // Each job fails on its own: one subscription's failure never holds back the others.
    const jobOf = new Map(batch.map((job) => [job.data.subscriptionId, job.id]));
    const ids = batch.map((job) => job.data.subscriptionId);
    await advanceSubscriptions(ctx, ids, async (id, error) => {
      await jobs.fail(BILLING_SUBSCRIPTION_QUEUE, jobOf.get(id)!, { message: error instanceof Error ? error.message : String(error) });
    });
    await recheckHeldCharges(ctx, ids);
  });
  await jobs.work<{ subscriptionId: string }>(LESSON_SYNC_QUEUE, { pollingIntervalSeconds: 1 }, async ([job]) => {
    const sub = job && (await findSubscription(ctx.database.db, job.data.subscriptionId));
    if (!sub?.lessonAccountId) return;
    await ctx.lessonSchool.setAccountStatus(sub.lessonAccountId, lessonStatusOf(sub));
  });
  await jobs.work<{ chargeId: string; amount: number; reason: string }>(REFUND_QUEUE, { pollingIntervalSeconds: 1 }, async ([job]) => {
    if (!job) return;
    // The clock's refunds keep the gateway's pace too; a 429 fails the job, retried with the same key.
    await awaitGatewayTurn(ctx);
    await refundCharge(ctx, job.data);
  });
  if (ctx.config.env !== 'test') await jobs.schedule(BILLING_TICK_QUEUE, '*/5 * * * *', null, { tz: 'Asia/Tokyo' });
}
