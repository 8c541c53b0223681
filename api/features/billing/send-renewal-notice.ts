import type { AppContext } from '../../context.ts';
import { queueMail } from '../mail/outbox.ts';
import { renewalNoticeMail } from './mails.ts';
import { findBillingAccount, markRenewalNoticed, type SubscriptionRow } from './queries.ts';

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
  const settings = await ctx.siteSettings.get();
  await ctx.database.db.transaction(async (tx) => {
    const marked = await markRenewalNoticed(tx, sub.id, renewsOn);
    if (!marked || !account) return;
    const cancelPath = sub.kind === 'esatj' ? '/cancellation-mej' : '/cancellation';
    const content = renewalNoticeMail(settings, account, { plan: sub.planName, renewsOn, amount: sub.periodPrice, months: sub.contractMonth, cancelUrl: `${ctx.config.publicOrigin}${cancelPath}` });
    await queueMail(ctx, { template: 'billing-renewal-notice', to: account.email, content, dedupeKey: `renewal:${sub.id}:${renewsOn}` }, tx);
  });
}
