import { addDays } from '../../../src/domain/billing/dates.ts';
import { holdsDevice } from '../../../src/domain/billing/devices.ts';
import { DEVICE_RETURN_DAYS } from '../../../src/domain/constants.ts';
import type { AppContext } from '../../context.ts';
import { queueMail } from '../mail/outbox.ts';
import { subscriptionEndedMail } from './mails.ts';
import { findBillingAccount, type SubscriptionRow } from './queries.ts';
import { businessToday } from './state.ts';
import { transition } from './transition-subscription.ts';

/** A cancelled subscription's paid period is over: it ends, lessons close, the member is told. */
export async function endSubscription(ctx: AppContext, sub: SubscriptionRow): Promise<void> {
  const account = await findBillingAccount(ctx.database.db, sub.accountId);
  const settings = await ctx.siteSettings.get();
  await ctx.database.db.transaction(async (db) => {
    const ended = await transition(ctx, db, sub, 'periodEnded', { endedAt: ctx.clock.now() }, { cause: 'clock' });
    if (!ended || !account) return;
    const returnBy = holdsDevice(sub) && sub.endsOn ? addDays(sub.endsOn, DEVICE_RETURN_DAYS) : null;
    const content = subscriptionEndedMail(settings, account, { plan: sub.planName, endedOn: sub.endsOn ?? businessToday(ctx.clock.now()), returnBy });
    await queueMail(ctx, { template: 'billing-ended', to: account.email, content, dedupeKey: `ended:${sub.id}` }, db);
  });
}
