import type { RecordInTransaction } from '../audit/record.ts';
import { addDays, isBefore, isIsoDate } from '../../../src/domain/billing/dates.ts';
import { buyoutPrice, deviceOf } from '../../../src/domain/billing/devices.ts';
import { trialEndsOn } from '../../../src/domain/billing/schedule.ts';
import { DEVICE_RETURN_DAYS } from '../../../src/domain/constants.ts';
import { formatDate } from '../../../src/domain/format-date.ts';
import { t, tf } from '../../../src/i18n/ja.ts';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { issueReceipts } from '../documents/issue.ts';
import { queueMail } from '../mail/outbox.ts';
import { getMailSiteSettings } from '../mail/site-settings.ts';
import type { OrderRow } from '../orders/service.ts';
import { holdsDevice, transition } from './effects.ts';
import { renewalNoticeMail, subscriptionEndedMail, suspendedMail, trialEndingMail } from './mails.ts';
import {
  findBillingAccount,
  findSubscription,
  insertCharge,
  insertSubscription,
  insertSubscriptionEvent,
  markRenewalNoticed,
  updateSubscriptionFrom,
  type ChargeRow,
  type NewCharge,
  type SubscriptionRow,
} from './queries.ts';
import { businessToday } from './state.ts';

/**
 * A completed order starts its subscription (product decision 13), in the order's own transaction: the
 * plan as sold, waiting for the device to ship; textbooks paid that day enter the ledger.
 */
export async function startSubscription(ctx: AppContext, tx: Database, order: OrderRow): Promise<SubscriptionRow> {
  const created = await insertSubscription(tx, {
    accountId: order.accountId,
    orderId: order.id,
    kind: order.kind,
    status: 'awaitingShipment',
    productId: order.productId,
    optionId: order.optionId,
    planName: order.planName,
    packageType: order.packageType,
    contractMonth: order.contractMonth,
    monthlyPrice: order.monthlyPrice,
    periodPrice: order.totalPrice,
    safetyPlan: order.safetyPlan === 1,
    lessonAccountId: order.lessonAccountId,
    createdAt: ctx.clock.now(),
  });
  if (!created) throw new AppError('planAlreadyActive');
  await insertSubscriptionEvent(tx, { subscriptionId: created.id, type: 'created', toStatus: created.status, cause: 'member', actorAccountId: order.accountId, details: { orderId: order.id }, at: ctx.clock.now() });
  if (order.booksPrice > 0 && order.booksPaymentIntentId) {
    const books = await insertCharge(tx, {
      accountId: order.accountId,
      subscriptionId: created.id,
      orderId: order.id,
      kind: 'books',
      periodStart: businessToday(ctx.clock.now()),
      amount: order.booksPrice,
      description: t('billing.kind.books'),
      status: 'succeeded',
      idempotencyKey: `order:${order.id}:books`,
      attempts: 1,
      gatewayIntentId: order.booksPaymentIntentId,
      succeededAt: ctx.clock.now(),
      createdAt: ctx.clock.now(),
    });
    if (books) await issueReceipts(ctx, tx, [books.id]);
  }
  return created;
}

/** Staff entered the shipping day: the 7-day trial starts, the first charge is at its end (product decision 7). */
export async function markShipped(ctx: AppContext, subscriptionId: string, shippedOn: string, actorAccountId: string, audit?: RecordInTransaction<SubscriptionRow>): Promise<SubscriptionRow> {
  const sub = await findSubscription(ctx.database.db, subscriptionId);
  if (!sub) throw new AppError('notFound');
  checkBusinessDay(ctx, sub, shippedOn);
  if (sub.status !== 'awaitingShipment') throw new AppError('alreadyShipped');
  const trialEnd = trialEndsOn(shippedOn);
  const moved = await ctx.database.db.transaction(async (tx) => {
    const row = await transition(ctx, tx, sub, 'shipped', { shippedOn, trialEndsOn: trialEnd, billingAnchor: trialEnd }, { cause: 'admin', actorAccountId, details: { shippedOn } });
    if (row && audit) await audit(row, tx);
    return row;
  });
  if (!moved) throw new AppError('alreadyShipped');
  ctx.logger.info('subscription shipped', { subscriptionId, shippedOn });
  return moved;
}

/** The lent device came back: the buyout window closes. */
export async function markDeviceReturned(ctx: AppContext, subscriptionId: string, returnedOn: string, actorAccountId: string, audit?: RecordInTransaction<SubscriptionRow>): Promise<SubscriptionRow> {
  const sub = await findSubscription(ctx.database.db, subscriptionId);
  if (!sub) throw new AppError('notFound');
  if (!holdsDevice(sub)) throw new AppError('noDeviceToReturn');
  if (!sub.shippedOn) throw new AppError('notYetShipped');
  checkBusinessDay(ctx, sub, returnedOn);
  const updated = await ctx.database.db.transaction(async (tx) => {
    const row = await updateSubscriptionFrom(tx, sub.id, sub.status, { deviceReturnedOn: returnedOn });
    if (row) {
      await insertSubscriptionEvent(tx, { subscriptionId: sub.id, type: 'deviceReturned', cause: 'admin', actorAccountId, details: { returnedOn }, at: ctx.clock.now() });
      if (audit) await audit(row, tx);
    }
    return row;
  });
  if (!updated) throw new AppError('chargeInProgress');
  return updated;
}

/** A day staff enter: a real day, not after today, not before the order. */
function checkBusinessDay(ctx: AppContext, sub: SubscriptionRow, day: string): void {
  if (!isIsoDate(day)) throw new AppError('badRequest', { code: 'invalidDate', issues: [{ path: 'date', code: 'invalidDate' }] });
  const today = businessToday(ctx.clock.now());
  if (isBefore(today, day)) throw new AppError('dateInFuture');
  if (isBefore(day, businessToday(sub.createdAt))) throw new AppError('dateTooEarly');
}

/** The reminder 3 days before the trial ends (once). */
export async function sendTrialReminder(ctx: AppContext, sub: SubscriptionRow): Promise<void> {
  const account = await findBillingAccount(ctx.database.db, sub.accountId);
  const settings = await getMailSiteSettings();
  await ctx.database.db.transaction(async (tx) => {
    const marked = await updateSubscriptionFrom(tx, sub.id, 'trialing', { trialRemindedAt: ctx.clock.now() });
    if (!marked || !account || !sub.trialEndsOn) return;
    const content = trialEndingMail(settings, account, {
      plan: sub.planName,
      lastDay: addDays(sub.trialEndsOn, -1),
      trialEnd: sub.trialEndsOn,
      amount: sub.periodPrice,
      months: sub.contractMonth,
    });
    await queueMail(ctx, { template: 'billing-trial-ending', to: account.email, content, dedupeKey: `trial-ending:${sub.id}:${sub.trialEndsOn}` }, tx);
  });
}

/**
 * The renewal notice 14 days before a 3- or 12-month plan renews (product decision 26): the day, the
 * amount and where to cancel online. Once per period, whichever process sends it: the
 * subscription is marked for that renewal by a guarded update in the mail's own transaction (and
 * the mail's dedupe key is the renewal).
 */
export async function sendRenewalNotice(ctx: AppContext, sub: SubscriptionRow): Promise<void> {
  const renewsOn = sub.currentPeriodEnd;
  if (!renewsOn) return;
  const account = await findBillingAccount(ctx.database.db, sub.accountId);
  const settings = await getMailSiteSettings();
  await ctx.database.db.transaction(async (tx) => {
    const marked = await markRenewalNoticed(tx, sub.id, renewsOn);
    if (!marked || !account) return;
    const cancelPath = sub.kind === 'esatj' ? '/cancellation-mej' : '/cancellation';
    const content = renewalNoticeMail(settings, account, { plan: sub.planName, renewsOn, amount: sub.periodPrice, months: sub.contractMonth, cancelUrl: `${ctx.config.publicOrigin}${cancelPath}` });
    await queueMail(ctx, { template: 'billing-renewal-notice', to: account.email, content, dedupeKey: `renewal:${sub.id}:${renewsOn}` }, tx);
  });
}

/** The ledger row of a period's plan charge: the plan's price, keyed by subscription and period. */
export function periodChargeOf(ctx: AppContext, sub: SubscriptionRow, period: { start: string; end: string }) {
  return {
    accountId: sub.accountId,
    subscriptionId: sub.id,
    kind: 'period',
    periodStart: period.start,
    periodEnd: period.end,
    amount: sub.periodPrice,
    description: tf('billing.periodDescription', { plan: sub.planName, start: formatDate(period.start), end: formatDate(addDays(period.end, -1)) }),
    idempotencyKey: `sub:${sub.id}:period:${period.start}`,
    createdAt: ctx.clock.now(),
  } satisfies NewCharge;
}

/** The retries are over (product decisions 14 and 28): past due, lessons stop, the member is told, staff see it. */
export async function suspendSubscription(ctx: AppContext, sub: SubscriptionRow, charge: ChargeRow | undefined): Promise<void> {
  const account = await findBillingAccount(ctx.database.db, sub.accountId);
  const settings = await getMailSiteSettings();
  await ctx.database.db.transaction(async (db) => {
    // retrying → pastDue (product decision 28); the lesson school hears of it through the transition.
    const suspended = await transition(ctx, db, sub, 'retriesExhausted', { suspendedAt: ctx.clock.now() }, { cause: 'clock', details: { chargeId: charge?.id } });
    if (!suspended) return;
    if (account && charge) {
      const content = suspendedMail(settings, account, { description: charge.description, amount: charge.amount, cardUrl: `${ctx.config.publicOrigin}/payment-card` });
      await queueMail(ctx, { template: 'billing-suspended', to: account.email, content, dedupeKey: `suspended:${charge.id}` }, db);
    }
  });
}

/** A cancelled subscription's paid period is over: it ends, lessons close, the member is told. */
export async function endSubscription(ctx: AppContext, sub: SubscriptionRow): Promise<void> {
  const account = await findBillingAccount(ctx.database.db, sub.accountId);
  const settings = await getMailSiteSettings();
  await ctx.database.db.transaction(async (db) => {
    const ended = await transition(ctx, db, sub, 'periodEnded', { endedAt: ctx.clock.now() }, { cause: 'clock' });
    if (!ended || !account) return;
    const returnBy = holdsDevice(sub) && sub.endsOn ? addDays(sub.endsOn, DEVICE_RETURN_DAYS) : null;
    const content = subscriptionEndedMail(settings, account, { plan: sub.planName, endedOn: sub.endsOn ?? businessToday(ctx.clock.now()), returnBy });
    await queueMail(ctx, { template: 'billing-ended', to: account.email, content, dedupeKey: `ended:${sub.id}` }, db);
  });
}

/** The device was not returned within a week of the end: the buyout, once. */
export async function createBuyoutCharge(ctx: AppContext, sub: SubscriptionRow, today: string): Promise<ChargeRow | undefined> {
  const amount = buyoutPrice(deviceOf(sub.packageType), sub.shippedOn, today);
  if (amount <= 0) return undefined;
  return insertCharge(ctx.database.db, {
    accountId: sub.accountId,
    subscriptionId: sub.id,
    kind: 'buyout',
    periodStart: today,
    amount,
    description: tf('billing.buyoutDescription', { date: formatDate(addDays(sub.endsOn ?? today, DEVICE_RETURN_DAYS)) }),
    idempotencyKey: `sub:${sub.id}:buyout`,
    createdAt: ctx.clock.now(),
  });
}
