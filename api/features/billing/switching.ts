import type { SwitchPlanReply, SwitchPlanRequest, SwitchPreview } from '../../../src/domain/billing/plan-changes.ts';
import { periodOf } from '../../../src/domain/billing/schedule.ts';
import { switchChargeAmount, switchRefusal } from '../../../src/domain/billing/switch.ts';
import { formatDate } from '../../../src/domain/format-date.ts';
import { paymentFailureKey } from '../../../src/domain/payment-failures.ts';
import { hasSafetyPlan, planKindOf } from '../../../src/domain/plans/availability.ts';
import { monthlyPrice, periodPrice } from '../../../src/domain/plans/pricing.ts';
import { tf } from '../../../src/i18n/ja.ts';
import type { AppContext } from '../../context.ts';
import type { PlanSnapshot } from '../../db/schema/billing.ts';
import { AppError } from '../../lib/errors.ts';
import { findPlanOption, priceItemOf } from '../catalogue/service.ts';
import { attemptCharge, settleFromIntent, type AttemptResult } from './charging.ts';
import { cancelCharge, countEndedSwitchCharges, findChargeByIntent, findChargeByKey, findLiveSubscription, findOpenSwitchCharge, insertCharge, type ChargeRow, type SubscriptionRow } from './queries.ts';
import { businessToday } from './state.ts';

/**
 * Plan switch (spec §2 and §4, product decision 15): the new plan's period starts today and its price
 * (`price_change` when the catalogue gives one) is charged at once through the billing ledger,
 * with the member there, so the bank may ask for 3-D Secure: the reply then says requires_action,
 * the browser confirms and posts again with payment_intent_id, as often as asked. The charge's
 * key makes a double click or a retry continue the same switch instead of charging twice.
 */
interface Target {
  plan: PlanSnapshot;
  priceChange: number | null;
  catalogueName: string;
}

async function findTarget(ctx: AppContext, input: SwitchPlanRequest): Promise<Target> {
  const months = input.contract_month ? [input.contract_month] : ([1, 3, 12] as const);
  const rows = await Promise.all(months.map((m) => findPlanOption(ctx.database.db, input.productId, input.option.id, m)));
  const found = rows.filter((row) => row !== undefined);
  const row = found.find((candidate) => candidate.option.price === input.option.price) ?? found[0];
  if (!row) throw new AppError('planUnavailable');
  // The page showed the catalogue's price; if it changed since, nothing is charged.
  if (row.option.price !== input.option.price) throw new AppError('priceChanged');
  const packageType = row.option.packageType;
  const item = priceItemOf(row.option);
  const safetyPlan = hasSafetyPlan(packageType) && input.safety_plan;
  return {
    plan: {
      productId: row.product.id,
      optionId: item.id,
      planName: row.option.name,
      packageType,
      contractMonth: item.contract_month,
      monthlyPrice: monthlyPrice(item),
      periodPrice: periodPrice(item, safetyPlan),
      safetyPlan,
    },
    priceChange: row.option.priceChange,
    catalogueName: row.option.name,
  };
}

/** The member's plan the switch would change, refused when the rules say so. */
async function switchableSubscription(ctx: AppContext, accountId: string, target: Target): Promise<SubscriptionRow> {
  const kind = planKindOf(target.plan.packageType);
  const other = kind === 'normal' ? 'esatj' : 'normal';
  const sub = (await findLiveSubscription(ctx.database.db, accountId, kind)) ?? (await findLiveSubscription(ctx.database.db, accountId, other));
  if (!sub) throw new AppError('noSuchPlan');
  const refusal = switchRefusal(
    sub.status,
    { kind: sub.kind, optionId: sub.optionId, productId: sub.productId, safetyPlan: sub.safetyPlan, contractMonth: sub.contractMonth },
    { kind, optionId: target.plan.optionId, productId: target.plan.productId, safetyPlan: target.plan.safetyPlan, contractMonth: target.plan.contractMonth },
  );
  if (refusal) throw new AppError(refusal);
  return sub;
}

/** What the switch would charge today and when the next payment falls (POST /api/v2/switch-plan/preview). */
export async function previewSwitch(ctx: AppContext, accountId: string, input: SwitchPlanRequest): Promise<SwitchPreview['data']> {
  const target = await findTarget(ctx, input);
  await switchableSubscription(ctx, accountId, target);
  const today = businessToday(ctx.clock.now());
  return {
    planName: target.catalogueName,
    price: target.plan.periodPrice,
    price_change: target.priceChange,
    chargedToday: switchChargeAmount({ priceChange: target.priceChange, periodPrice: target.plan.periodPrice }),
    nextPayAt: periodOf(today, target.plan.contractMonth, 0).end,
  };
}

export async function switchPlan(ctx: AppContext, accountId: string, input: SwitchPlanRequest): Promise<SwitchPlanReply> {
  if (input.payment_intent_id) return continueSwitch(ctx, accountId, input.payment_intent_id);
  const { db } = ctx.database;
  // A double click or a retry with the browser's key: the same switch, whatever became of it.
  const browserKey = input.idempotency_key ? `switch:${accountId}:${input.idempotency_key}` : undefined;
  const earlier = browserKey ? await findChargeByKey(db, browserKey) : undefined;
  if (earlier && earlier.accountId === accountId) return replyForCharge(ctx, earlier);

  const target = await findTarget(ctx, input);
  const sub = await switchableSubscription(ctx, accountId, target);
  const today = businessToday(ctx.clock.now());
  const period = periodOf(today, target.plan.contractMonth, 0);
  // Without the browser's key, the switch is named by what it is: posted twice, it is one switch;
  // tried again after one was declined (or gave way), it is a new attempt, not the old refusal.
  const key =
    browserKey ??
    `sub:${sub.id}:switch:${sub.billingAnchor ?? ''}:${sub.periodNumber ?? ''}:${target.plan.productId}:${target.plan.optionId}:${target.plan.contractMonth}:${target.plan.safetyPlan}:after-${await countEndedSwitchCharges(db, sub.id)}`;

  const open = await findOpenSwitchCharge(db, sub.id);
  if (open && open.idempotencyKey !== key) await giveWay(ctx, open);
  const charge =
    (await insertSwitchCharge(ctx, {
      accountId,
      subscriptionId: sub.id,
      kind: 'switch',
      periodStart: period.start,
      periodEnd: period.end,
      amount: switchChargeAmount({ priceChange: target.priceChange, periodPrice: target.plan.periodPrice }),
      description: tf('billing.switchDescription', { plan: target.plan.planName, start: formatDate(period.start) }),
      plan: target.plan,
      idempotencyKey: key,
      createdAt: ctx.clock.now(),
    })) ?? (await findChargeByKey(db, key));
  if (!charge) throw new AppError('internal');
  if (charge.status !== 'pending') return replyForCharge(ctx, charge);
  ctx.logger.info('plan switch started', { subscriptionId: sub.id, chargeId: charge.id, to: target.plan.optionId });
  return replyFor(await attemptCharge(ctx, charge.id, { offSession: false }));
}

/**
 * How long a switch may wait for the member's 3-D Secure before another switch may replace it.
 * Real time, not the billing clock: it is about a browser tab left open (as orders do).
 */
export const OPEN_SWITCH_TTL_MS = 30 * 60_000;

/**
 * One switch at a time. Another switch still waiting for the bank, or under way, refuses this one;
 * one the member walked away from gives way, unless the bank has answered it since (then it is
 * recorded, and the member sees its outcome first).
 */
async function giveWay(ctx: AppContext, open: ChargeRow): Promise<void> {
  if (open.status === 'processing') throw new AppError('chargeInProgress');
  if (open.status === 'requiresAction' && open.gatewayIntentId) {
    const intent = await ctx.payments.retrieveIntent('payment', open.gatewayIntentId);
    if (intent.status !== 'requires_action' && intent.status !== 'processing') {
      await settleFromIntent(ctx, open.id, intent);
      throw new AppError('chargeInProgress');
    }
  }
  const isRecent = open.updatedAt.getTime() > Date.now() - OPEN_SWITCH_TTL_MS;
  if (isRecent || !(await cancelCharge(ctx.database.db, open.id))) throw new AppError('chargeInProgress');
}

/** Writes the switch charge; another open switch of the subscription (a second tab, the same instant) refuses it. */
async function insertSwitchCharge(ctx: AppContext, row: Parameters<typeof insertCharge>[1]): Promise<ChargeRow | undefined> {
  try {
    return await insertCharge(ctx.database.db, row);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('chargeInProgress');
    throw error;
  }
}

/** PostgreSQL's unique_violation (23505), as postgres.js or PGlite report it, possibly wrapped by drizzle. */
function isUniqueViolation(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && depth < 4; cause = (cause as { cause?: unknown }).cause, depth += 1) {
    if ((cause as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** Back from 3-D Secure: how the bank answered (its event may have settled the charge already). */
async function continueSwitch(ctx: AppContext, accountId: string, intentId: string): Promise<SwitchPlanReply> {
  const charge = await findChargeByIntent(ctx.database.db, intentId);
  if (!charge || charge.accountId !== accountId || charge.kind !== 'switch') throw new AppError('notFound');
  if (charge.status === 'requiresAction' || charge.status === 'processing') {
    return replyFor((await settleFromIntent(ctx, charge.id, await ctx.payments.retrieveIntent('payment', intentId))) ?? { kind: 'busy' });
  }
  return replyForCharge(ctx, charge);
}

/** The reply for a switch charge found again (a double post): its outcome, or the question still open. */
async function replyForCharge(ctx: AppContext, charge: ChargeRow): Promise<SwitchPlanReply> {
  if (charge.status === 'succeeded') return replyFor({ kind: 'succeeded', charge });
  if (charge.status === 'failed') return replyFor({ kind: 'failed', charge });
  if (charge.status === 'requiresAction' && charge.gatewayIntentId) {
    const intent = await ctx.payments.retrieveIntent('payment', charge.gatewayIntentId);
    if (intent.status === 'requires_action') return replyFor({ kind: 'requiresAction', charge, intent });
    return replyFor((await settleFromIntent(ctx, charge.id, intent)) ?? { kind: 'busy' });
  }
  if (charge.status === 'pending') return replyFor(await attemptCharge(ctx, charge.id, { offSession: false }));
  if (charge.status === 'canceled') throw new AppError('switchPlanFailed');
  throw new AppError('chargeInProgress');
}

function replyFor(result: AttemptResult): SwitchPlanReply {
  switch (result.kind) {
    case 'succeeded':
      return { status: 'success', requires_action: false, plan: { name: result.charge.plan?.planName ?? '' } };
    case 'requiresAction':
      return { status: 'success', requires_action: true, client_secret: result.intent.clientSecret, payment_intent_id: result.intent.id, payment_method: result.intent.paymentMethodId };
    case 'failed':
      throw new AppError(paymentFailureKey(result.charge.failureCode));
    case 'busy':
      throw new AppError('chargeInProgress');
  }
}
