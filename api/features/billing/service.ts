import type { BillingHistoryItem, RetrySummary, SubscriptionView } from '../../../src/domain/billing/contract.ts';
import type { AdminSubscription } from '../../../src/domain/admin/members.ts';
import type { PlanKind } from '../../../src/domain/plans/availability.ts';
import { t } from '../../../src/i18n/ja.ts';
import { paymentFailureKey } from '../../../src/domain/payment-failures.ts';
import type { AppContext } from '../../context.ts';
import { attemptCharge, settleFromIntent, type AttemptResult } from './charging.ts';
import { receiptUrl } from './apply-charge-outcome.ts';
import type { CancellationSummary, SubscriptionView as View } from '../../../src/domain/billing/contract.ts';
import { addDays, isBefore } from '../../../src/domain/billing/dates.ts';
import { holdsDevice } from '../../../src/domain/billing/devices.ts';
import type { NextPaymentLine } from '../../../src/domain/billing/next-action.ts';
import {
  findCancellationDetails,
  findCharge,
  findChargeByIntent,
  findLiveSubscription,
  findOpenPeriodCharge,
  listBillingHistory,
  listOpenFeeCharges,
  listRetryableChargesOf,
  listLivePlanLines,
  listSubscriptionsOf,
  type LivePlanLine,
  type SubscriptionRow,
} from './queries.ts';
import { refundDescription } from './refunds.ts';
import { businessToday, paymentLineOf, subscriptionView } from './state.ts';

/** What other features may ask of billing (they never read its tables themselves). */

export function findLiveSubscriptionOf(ctx: AppContext, accountId: string, kind: PlanKind): Promise<SubscriptionRow | undefined> {
  return findLiveSubscription(ctx.database.db, accountId, kind);
}

/** How long after its end an ended plan's cancellation stays on My Page (its refund, the device to return). */
const ENDED_SHOWN_DAYS = 31;

/** A subscription as the member sees it: its open plan charge, open fees and, once cancelled, what was confirmed. */
export async function viewOf(ctx: AppContext, row: SubscriptionRow): Promise<View> {
  const { db } = ctx.database;
  const [open, openFees, details] = await Promise.all([
    row.status === 'ended' ? undefined : findOpenPeriodCharge(db, row.id),
    listOpenFeeCharges(db, row.id),
    row.cancelRequestedAt ? findCancellationDetails(db, row.id) : undefined,
  ]);
  const today = businessToday(ctx.clock.now());
  const recent = row.status !== 'ended' || (row.endsOn !== null && !isBefore(addDays(row.endsOn, ENDED_SHOWN_DAYS), today));
  return subscriptionView(row, open, { openFees, cancellation: recent ? cancellationSummaryOf(details) : null });
}

/** The quote the member confirmed, as stored with the cancellation event. */
function cancellationSummaryOf(details: Record<string, unknown> | undefined): CancellationSummary | null {
  const quote = details?.quote as Partial<CancellationSummary> | undefined;
  if (!quote?.effectiveOn) return null;
  return {
    effectiveOn: quote.effectiveOn,
    endsAtOnce: quote.endsAtOnce ?? false,
    fees: quote.fees ?? [],
    refund: quote.refund ?? 0,
    refundRule: quote.refundRule ?? 'none',
    deviceReturnBy: quote.deviceReturnBy ?? null,
  };
}

export async function listSubscriptionViews(ctx: AppContext, accountId: string): Promise<SubscriptionView[]> {
  const rows = await listSubscriptionsOf(ctx.database.db, accountId);
  return Promise.all(rows.map((row) => viewOf(ctx, row)));
}

/** A member's subscriptions as staff see them (the admin console's member page). */
export async function adminSubscriptionsOf(ctx: AppContext, accountId: string): Promise<AdminSubscription[]> {
  const rows = await listSubscriptionsOf(ctx.database.db, accountId);
  return Promise.all(
    rows.map(async (row) => ({
      ...(await viewOf(ctx, row)),
      lessonAccountId: row.lessonAccountId,
      hasDevice: holdsDevice(row),
      deviceReturnedOn: row.deviceReturnedOn,
      createdAt: row.createdAt.toISOString(),
    })),
  );
}

/**
 * The member's live plans, each with its 「次回お支払日」 line (GET /api/v2/userdata, the most frequent
 * read after the session): one query for the fields it shows and the open plan charges.
 */
export function listLivePlans(ctx: AppContext, accountId: string): Promise<{ plan: LivePlanLine; nextPayment: NextPaymentLine }[]> {
  return listLivePlanLines(ctx.database, accountId).then((plans) => plans.map((plan) => ({ plan, nextPayment: paymentLineOf(plan) })));
}

/** The lesson account of the member's live normal plan, while lessons may be booked. */
export async function findBookableLessonAccount(ctx: AppContext, accountId: string): Promise<{ accountId: string } | { refused: 'lessonsSuspended' } | undefined> {
  const sub = await findLiveSubscription(ctx.database.db, accountId, 'normal');
  if (!sub?.lessonAccountId) return undefined;
  if (sub.suspendedAt) return { refused: 'lessonsSuspended' };
  return { accountId: sub.lessonAccountId };
}

export async function billingHistoryOf(ctx: AppContext, accountId: string): Promise<BillingHistoryItem[]> {
  const { charges, refunds } = await listBillingHistory(ctx.database.db, accountId);
  const byId = new Map(charges.map((charge) => [charge.id, charge]));
  const items: BillingHistoryItem[] = charges.map((charge) => ({
    id: charge.id,
    chargedAt: (charge.succeededAt ?? charge.updatedAt).toISOString(),
    kind: charge.kind,
    description: charge.description,
    amount: charge.amount,
    status: charge.status === 'succeeded' ? 'succeeded' : charge.status === 'failed' ? 'failed' : 'pending',
    receiptUrl: charge.status === 'succeeded' ? receiptUrl(ctx, charge.id) : null,
  }));
  for (const refund of refunds) {
    const charge = byId.get(refund.chargeId);
    items.push({
      id: refund.id,
      chargedAt: (refund.succeededAt ?? refund.createdAt).toISOString(),
      kind: 'refund',
      description: refundDescription(charge?.description ?? t('billing.kind.period')),
      amount: -refund.amount,
      status: refund.status === 'succeeded' ? 'succeeded' : refund.status === 'failed' ? 'failed' : 'pending',
      // The refund note (返金明細, product decision 25) once the money is back.
      receiptUrl: refund.status === 'succeeded' ? `${ctx.config.publicOrigin}/refund-notes/${refund.id}` : null,
    });
  }
  return items.sort((a, b) => b.chargedAt.localeCompare(a.chargedAt));
}

/**
 * A new card retries the member's unpaid charges at once (product decision 14), with the member there:
 * the bank may ask for 3-D Secure, which the browser then confirms (payment_intent_id).
 */
export async function retryPastDueCharges(ctx: AppContext, accountId: string, confirmedIntentId?: string): Promise<AttemptResult[]> {
  // Back from 3-D Secure: report how that attempt ended (the bank's event may have settled it
  // already); a new attempt is the member's next click, never an automatic one.
  if (confirmedIntentId) {
    const charge = await findChargeByIntent(ctx.database.db, confirmedIntentId);
    if (!charge || charge.accountId !== accountId) return [];
    if (charge.status === 'requiresAction' || charge.status === 'processing') {
      return [(await settleFromIntent(ctx, charge.id, await ctx.payments.retrieveIntent('payment', confirmedIntentId))) ?? { kind: 'busy' }];
    }
    if (charge.status === 'succeeded') return [{ kind: 'succeeded', charge }];
    if (charge.status === 'failed') return [{ kind: 'failed', charge }];
    return [];
  }
  const results: AttemptResult[] = [];
  for (const charge of await listRetryableChargesOf(ctx.database.db, accountId)) {
    results.push(await attemptCharge(ctx, charge.id, { offSession: false }));
  }
  return results;
}

/** A charge of the member's own (receipts are never shown to anyone else). */
export async function findOwnCharge(ctx: AppContext, accountId: string, chargeId: string) {
  const charge = await findCharge(ctx.database.db, chargeId);
  return charge && charge.accountId === accountId ? charge : undefined;
}

/**
 * A payment event about one of our charges (found by intent id, or by the charge id we put in its
 * metadata): the intent's current state is read back from the gateway and recorded if the attempt
 * is still open. Replayed or out-of-order events find nothing to change. Whether it was ours.
 */
export async function settleChargeEvent(ctx: AppContext, intentId: string, metadataChargeId: string | undefined): Promise<boolean> {
  const charge = (await findChargeByIntent(ctx.database.db, intentId)) ?? (metadataChargeId ? await findCharge(ctx.database.db, metadataChargeId) : undefined);
  if (!charge) return false;
  if (charge.status === 'processing' || charge.status === 'requiresAction') {
    await settleFromIntent(ctx, charge.id, await ctx.payments.retrieveIntent('payment', intentId));
  }
  return true;
}

/** What the member is told after paying past-due charges: paid, failed (with why), or 3-D Secure to do. */
export function summarizeRetry(results: AttemptResult[]): RetrySummary {
  const action = results.find((result) => result.kind === 'requiresAction');
  if (action?.kind === 'requiresAction') {
    return { result: 'requiresAction', client_secret: action.intent.clientSecret, payment_intent_id: action.intent.id, payment_method: action.intent.paymentMethodId };
  }
  const failed = results.find((result) => result.kind === 'failed');
  if (failed?.kind === 'failed') return { result: 'failed', code: paymentFailureKey(failed.charge.failureCode) };
  if (results.some((result) => result.kind === 'busy')) return { result: 'inProgress' };
  return { result: 'paid' };
}
