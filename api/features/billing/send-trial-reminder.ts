import { addDays } from '../../../src/domain/billing/dates.ts';
import type { AppContext } from '../../context.ts';
import { queueMail } from '../mail/outbox.ts';
import { trialEndingMail } from './mails.ts';
import { findBillingAccount, updateSubscriptionFrom, type SubscriptionRow } from './queries.ts';

/** The reminder 3 days before the trial ends (once). */
export async function sendTrialReminder(ctx: AppContext, sub: SubscriptionRow): Promise<void> {
  const account = await findBillingAccount(ctx.database.db, sub.accountId);
  const settings = await ctx.siteSettings.get();
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
