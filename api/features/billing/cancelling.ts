import { chargeThatStartedPeriod, quoteCancellation, type CancellationQuote } from '../../../src/domain/billing/cancellation.ts';
import { hasRequiredConfirmations, kindOfPlanName, type CancelPlanName, type CancelQuoteData, type CancelRequest } from '../../../src/domain/billing/plan-changes.ts';
import { t } from '../../../src/i18n/ja.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { queueMail } from '../mail/outbox.ts';
import { attemptCharge } from './charging.ts';
import { transition } from './transition-subscription.ts';
import { cancellationMail } from './mails.ts';
import { cancelOpenCharges, findBillingAccount, findChargeByKey, insertCharge, listPaidPlanCharges, listSubscriptionsOf, refundedAmount, type ChargeRow, type SubscriptionRow } from './queries.ts';
import { explainLine } from './quote-text.ts';
import { refundCharge } from './refunds.ts';
import { businessToday } from './state.ts';

/**
 * Cancellation (spec §2 and §4, product decision 16): the quote first, computed from the subscription and
 * the ledger by the domain rule; the request then moves the subscription (at once in the trial,
 * before shipping, while unpaid, or with a refund; else at the end of the paid period, when the
 * clock ends it), the lesson-school account closes on that day, the fees are charged and the
 * refund paid through the ledger,
 * and mails the quote. A second request finds the plan already cancelled.
 */
interface Quoted {
  sub: SubscriptionRow;
  quote: CancellationQuote;
  paid: ChargeRow | undefined;
}

async function quoteOf(ctx: AppContext, accountId: string, planName: CancelPlanName): Promise<Quoted> {
  const { db } = ctx.database;
  const kind = kindOfPlanName(planName);
  const own = (await listSubscriptionsOf(db, accountId)).filter((row) => row.kind === kind);
  const sub = own.find((row) => row.status !== 'ended');
  if (!sub) throw new AppError(own.length ? 'alreadyCancelled' : 'noSuchPlan');
  if (sub.status === 'cancelRequested') throw new AppError('alreadyCancelled');
  const period = sub.currentPeriodStart && sub.currentPeriodEnd ? { start: sub.currentPeriodStart, end: sub.currentPeriodEnd } : null;
  // The charge that started the current period: after switches, the last switch's (product decision 16).
  const paid = period ? chargeThatStartedPeriod(await listPaidPlanCharges(db, sub.id, period.start), period.start) : undefined;
  const paidForPeriod = paid ? paid.amount - (await refundedAmount(db, paid.id)) : 0;
  const quote = quoteCancellation({
    status: sub.status,
    packageType: sub.packageType,
    contractMonths: sub.contractMonth,
    trialEndsOn: sub.trialEndsOn,
    period,
    paidForPeriod,
    today: businessToday(ctx.clock.now()),
  });
  return { sub, quote, paid };
}

/** GET /api/v2/cancel/quote: what leaving today would cost and return, and how each figure was reached. */
export async function quoteCancellationOf(ctx: AppContext, accountId: string, planName: CancelPlanName): Promise<CancelQuoteData> {
  const { sub, quote } = await quoteOf(ctx, accountId, planName);
  return quoteData(sub, quote);
}

function quoteData(sub: SubscriptionRow, quote: CancellationQuote): CancelQuoteData {
  const lines = quote.explanation.map(explainLine);
  return {
    planName: sub.planName,
    effectiveOn: quote.effectiveOn,
    endsAtOnce: quote.endsAtOnce,
    fees: quote.fees,
    refund: quote.refund,
    refundRule: quote.refundRule,
    device: quote.device,
    deviceReturnBy: quote.deviceReturnBy,
    explanation: lines.join('\n'),
    explanationLines: lines,
  };
}

/** POST /api/v2/cancel */
export async function cancelPlan(ctx: AppContext, accountId: string, input: CancelRequest): Promise<{ effectiveOn: string; endsAtOnce: boolean }> {
  const { sub, quote, paid } = await quoteOf(ctx, accountId, input.plan_name);
  if (!hasRequiredConfirmations(input)) throw new AppError('cancellationConfirmationsRequired');
  const now = ctx.clock.now();
  const [account, settings] = await Promise.all([findBillingAccount(ctx.database.db, accountId), ctx.siteSettings.get()]);
  const feeKeys: string[] = [];

  await ctx.database.db.transaction(async (db) => {
    const moved = await transition(
      ctx,
      db,
      sub,
      quote.endsAtOnce ? 'cancelledAtOnce' : 'cancelRequested',
      { cancelRequestedAt: now, endsOn: quote.effectiveOn, ...(quote.endsAtOnce ? { endedAt: now } : {}) },
      {
        cause: 'member',
        actorAccountId: accountId,
        details: {
          reasons: input.reasons,
          comment: input.comment,
          quote: { effectiveOn: quote.effectiveOn, endsAtOnce: quote.endsAtOnce, fees: quote.fees, refund: quote.refund, refundRule: quote.refundRule, deviceReturnBy: quote.deviceReturnBy },
        },
      },
    );
    // Another request moved the plan first (a double click): it is cancelled already.
    if (!moved) throw new AppError('alreadyCancelled');
    // Ending at once: an unpaid period (trial end, past due) is not charged any more.
    if (quote.endsAtOnce) await cancelOpenCharges(db, sub.id);
    for (const fee of quote.fees) {
      const key = `sub:${sub.id}:fee:${fee.kind}`;
      await insertCharge(db, {
        accountId,
        subscriptionId: sub.id,
        kind: 'fee',
        periodStart: businessToday(now),
        amount: fee.amount,
        description: t(`billing.fee.${fee.kind}`),
        idempotencyKey: key,
        createdAt: now,
      });
      feeKeys.push(key);
    }
    if (account) {
      const content = cancellationMail(settings, account, { plan: sub.planName, quote, lines: quote.explanation.map(explainLine) });
      await queueMail(ctx, { template: 'billing-cancellation', to: account.email, content, dedupeKey: `cancellation:${sub.id}` }, db);
    }
  });
  ctx.logger.info('plan cancelled', { subscriptionId: sub.id, effectiveOn: quote.effectiveOn, endsAtOnce: quote.endsAtOnce, refund: quote.refund });

  // Money after the state is recorded: each has its own key, so a retry never charges or pays twice.
  for (const key of feeKeys) {
    const fee = await findChargeByKey(ctx.database.db, key);
    if (fee?.status === 'pending') await attemptCharge(ctx, fee.id, { offSession: true });
  }
  if (quote.refund > 0 && paid) {
    await refundCharge(ctx, { chargeId: paid.id, amount: quote.refund, reason: 'cancellation', idempotencyKey: `sub:${sub.id}:cancellation-refund` });
  }
  return { effectiveOn: quote.effectiveOn, endsAtOnce: quote.endsAtOnce };
}
