import type { RecordInTransaction } from '../audit/record.ts';
import { isBefore, isIsoDate } from '../../../src/domain/billing/dates.ts';
import { holdsDevice } from '../../../src/domain/billing/devices.ts';
import { trialEndsOn } from '../../../src/domain/billing/schedule.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { findSubscription, insertSubscriptionEvent, updateSubscriptionFrom, type SubscriptionRow } from './queries.ts';
import { businessToday } from './state.ts';
import { transition } from './transition-subscription.ts';

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
