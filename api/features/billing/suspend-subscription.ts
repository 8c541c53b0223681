import type { AppContext } from '../../context.ts';
import { queueMail } from '../mail/outbox.ts';
import { suspendedMail } from './mails.ts';
import { findBillingAccount, type ChargeRow, type SubscriptionRow } from './queries.ts';
import { transition } from './transition-subscription.ts';

/** The retries are over (product decisions 14 and 28): past due, lessons stop, the member is told, staff see it. */
export async function suspendSubscription(ctx: AppContext, sub: SubscriptionRow, charge: ChargeRow | undefined): Promise<void> {
  const account = await findBillingAccount(ctx.database.db, sub.accountId);
  const settings = await ctx.siteSettings.get();
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
