import { addDays } from '../../../src/domain/billing/dates.ts';
import { isHardDecline, isLastRetryNext, nextRetryOn } from '../../../src/domain/billing/schedule.ts';
import type { SiteSettings } from '../../../src/content/types.ts';
import { DEVICE_RETURN_DAYS } from '../../../src/domain/constants.ts';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { issueReceipts } from '../documents/issue.ts';
import { queueMail } from '../mail/outbox.ts';
import { recordPaidPeriods } from './paid-periods.ts';
import { buyoutMail, finalNoticeMail, paymentFailedMail, paymentReceivedMail } from './mails.ts';
import { findBillingAccount, findSubscription, type BillingAccount, type ChargeRow, type SubscriptionRow } from './queries.ts';
import { transition } from './transition-subscription.ts';

export type ChargeOutcome =
  | { kind: 'succeeded'; intentId?: string }
  | { kind: 'failed'; code: string; intentId?: string }
  | { kind: 'requiresAction'; intentId?: string }
  | { kind: 'processing'; intentId?: string };

/** Links in billing mail. */
export const receiptUrl = (ctx: AppContext, chargeId: string) => `${ctx.config.publicOrigin}/receipts/${chargeId}`;
export const cardUrl = (ctx: AppContext) => `${ctx.config.publicOrigin}/payment-card`;

/** Everything a charge's outcome causes, in the transaction that records it. */
export async function applyChargeOutcome(ctx: AppContext, tx: Database, charge: ChargeRow, outcome: ChargeOutcome, today: string, known?: BillingAccount): Promise<void> {
  if (outcome.kind === 'requiresAction' || outcome.kind === 'processing') return;
  const sub = charge.subscriptionId ? await findSubscription(tx, charge.subscriptionId) : undefined;
  const account = known ?? (await findBillingAccount(tx, charge.accountId));
  if (!account) return;
  const settings = await ctx.siteSettings.get();
  const member = { lastName: account.lastName, firstName: account.firstName };

  if (outcome.kind === 'succeeded') {
    // A paid period is written one way, for one subscription as for the clock's batches.
    if (sub && charge.kind === 'period') return recordPaidPeriods(ctx, tx, [{ charge, sub, account }], today, settings);
    if (sub && charge.kind === 'switch') await switchPaid(ctx, tx, sub, charge, today);
    const mail =
      charge.kind === 'buyout'
        ? { template: 'billing-buyout-paid', to: account.email, content: buyoutMail(settings, member, { returnBy: addDays(sub?.endsOn ?? today, DEVICE_RETURN_DAYS), amount: charge.amount }), dedupeKey: `paid:${charge.id}` }
        : paymentReceivedMailOf(ctx, settings, account, charge, today);
    await queueMail(ctx, mail, tx);
    // Last, as the batch clock does: the receipt's counter row is locked after the subscription's row.
    await issueReceipts(ctx, tx, [charge.id]);
    return;
  }

  // A failed period charge: the subscription is retrying (lessons continue) until the last retry
  // fails (product decisions 14 and 28). A failed fee, buyout or textbook charge gets the same retries and
  // mails, and never touches the plan's status (product decision 27).
  if (sub && (charge.kind === 'period' || isFeeKind(charge.kind))) {
    if (charge.kind === 'period' && sub.status !== 'retrying' && sub.status !== 'pastDue') {
      await transition(ctx, tx, sub, 'chargeFailed', {}, { cause: 'gateway', details: { chargeId: charge.id, code: outcome.code } });
    }
    const firstFailedOn = charge.firstFailedOn ?? today;
    const retryOn = isHardDecline(outcome.code) ? undefined : nextRetryOn(firstFailedOn, charge.attempts);
    if (charge.attempts === 1) {
      const content = paymentFailedMail(settings, member, { description: charge.description, amount: charge.amount, nextRetryOn: retryOn ?? null, cardUrl: cardUrl(ctx), lessonsContinue: charge.kind === 'period' });
      await queueMail(ctx, { template: 'billing-payment-failed', to: account.email, content, dedupeKey: `failed:${charge.id}` }, tx);
    }
    if (retryOn && isLastRetryNext(charge.attempts)) {
      const content = finalNoticeMail(settings, member, { description: charge.description, amount: charge.amount, lastRetryOn: retryOn, cardUrl: cardUrl(ctx) });
      await queueMail(ctx, { template: 'billing-final-notice', to: account.email, content, dedupeKey: `final:${charge.id}` }, tx);
    }
  }
}

/** A charge that is not a plan's period: a cancellation fee, a buyout or a textbook (product decision 27). */
export function isFeeKind(kind: ChargeRow['kind']): boolean {
  return kind === 'fee' || kind === 'buyout' || kind === 'books';
}

/** The "payment received" mail of a paid charge (not a buyout), sent once. */
export function paymentReceivedMailOf(ctx: AppContext, settings: SiteSettings, account: BillingAccount, charge: ChargeRow, today: string) {
  const content = paymentReceivedMail(settings, account, { description: charge.description, amount: charge.amount, paidOn: today, receiptUrl: receiptUrl(ctx, charge.id) });
  return { template: `billing-${charge.kind}-paid`, to: account.email, content, dedupeKey: `paid:${charge.id}` };
}

async function switchPaid(ctx: AppContext, tx: Database, sub: SubscriptionRow, charge: ChargeRow, today: string): Promise<void> {
  if (!charge.plan) return;
  const plan = charge.plan;
  await transition(
    ctx,
    tx,
    sub,
    'switched',
    {
      productId: plan.productId,
      optionId: plan.optionId,
      planName: plan.planName,
      packageType: plan.packageType,
      contractMonth: plan.contractMonth,
      monthlyPrice: plan.monthlyPrice,
      periodPrice: plan.periodPrice,
      safetyPlan: plan.safetyPlan,
      billingAnchor: charge.periodStart,
      periodNumber: 0,
      currentPeriodStart: charge.periodStart,
      currentPeriodEnd: charge.periodEnd,
    },
    { cause: 'member', actorAccountId: sub.accountId, details: { chargeId: charge.id, from: { optionId: sub.optionId, productId: sub.productId }, to: { optionId: plan.optionId, productId: plan.productId }, on: today } },
  );
}
