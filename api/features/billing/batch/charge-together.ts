import { addDays } from '../../../../src/domain/billing/dates.ts';
import type { Period } from '../../../../src/domain/billing/schedule.ts';
import { formatDate } from '../../../../src/domain/format-date.ts';
import { tf } from '../../../../src/i18n/ja.ts';
import type { AppContext } from '../../../context.ts';
import { settleEach } from '../../../lib/concurrency.ts';
import { decisionOf } from '../advance.ts';
import { askGateway, settleAttempt } from '../charging.ts';
import type { ChargeOutcome } from '../apply-charge-outcome.ts';
import { recordPaidPeriods } from '../paid-periods.ts';
import { beginChargeAttempts, type BillingAccount, type ChargeRow, type NewCharge, type SubscriptionRow } from '../queries.ts';
import { businessToday } from '../state.ts';
import { findBillingAccounts, findSubscriptionsForClock, insertChargesOnce, markChargesSucceeded } from './queries.ts';

/**
 * The billing clock's common case, a batch at a time: many subscriptions whose next step is the
 * charge of a period (trials ending, periods starting on the same day). The protocol is
 * attemptCharge's (../charging.ts) — the charge row once by its key, the attempt claimed by a
 * guarded update, the gateway asked with `<key>:<attempt>`, the outcome and all it causes in one
 * transaction guarded by the attempt number — but each step is one statement for the whole batch
 * instead of one per subscription (docs/decisions/0029). Everything else (reminders, retries,
 * suspensions, endings, and any outcome but a paid period) is left to advanceSubscription, one by one.
 */

/** Gateway requests under way at once per batch (Stripe limits requests per second). */
const GATEWAY_CONCURRENCY = 8;
/** As advanceSubscription: far more periods than a subscription can owe at once. */
const MAX_ROUNDS = 400;

/** decideNextAction for many subscriptions: one read for all of them. */
export async function decideMany(ctx: AppContext, ids: string[]) {
  const today = businessToday(ctx.clock.now());
  return (await findSubscriptionsForClock(ctx.database.db, ids)).map((found) => decisionOf(ctx, found, today));
}

/**
 * Charges every period due for the given subscriptions, round by round (a clock moved a year
 * ahead catches up period by period). Returns the subscriptions with other work due, for
 * advanceSubscription to do one by one.
 */
export async function chargeDuePeriodsTogether(ctx: AppContext, ids: string[]): Promise<string[]> {
  const others = new Set<string>();
  let pending = ids;
  for (let round = 0; pending.length > 0; round += 1) {
    if (round === MAX_ROUNDS) return [...others, ...pending];
    const due: { sub: SubscriptionRow; period: Period }[] = [];
    for (const { sub, action } of await decideMany(ctx, pending)) {
      if (action.kind === 'chargePeriod') due.push({ sub, period: action.period });
      else if (action.kind !== 'none') others.add(sub.id);
    }
    pending = await chargePeriods(ctx, due);
  }
  return [...others];
}

/**
 * One round: the charges created, claimed, asked for and settled. Returns the subscriptions settled.
 * The one-by-one path charges a period through here too, as a batch of one.
 */
export async function chargePeriods(ctx: AppContext, due: { sub: SubscriptionRow; period: Period }[]): Promise<string[]> {
  if (!due.length) return [];
  const { db } = ctx.database;
  const created = await insertChargesOnce(
    db,
    due.map(({ sub, period }) => periodChargeOf(ctx, sub, period)),
  );
  const realNow = Date.now();
  const claimed = await beginChargeAttempts(
    db,
    created.map((charge) => charge.id),
    new Date(realNow),
    new Date(realNow - ctx.config.billingAttemptLeaseMs),
  );
  const accounts = new Map((await findBillingAccounts(db, claimed.map((charge) => charge.accountId))).map((account) => [account.id, account]));
  const subs = new Map(due.map(({ sub }) => [sub.id, sub]));

  const asked = await settleEach(claimed, GATEWAY_CONCURRENCY, (charge) => askGateway(ctx, charge, accounts.get(charge.accountId), { offSession: true }));
  const paid: Paid[] = [];
  const settled: string[] = [];
  for (const [index, result] of asked.entries()) {
    const charge = claimed[index]!;
    if (result.status === 'rejected') {
      // Not refused, not answered: the attempt stays processing and is asked again after its lease.
      ctx.logger.error('billing: gateway did not answer', { chargeId: charge.id, error: result.reason });
      continue;
    }
    const { outcome, intent } = result.value;
    const sub = subs.get(charge.subscriptionId!);
    const account = accounts.get(charge.accountId);
    if (outcome.kind === 'succeeded' && outcome.intentId && sub && account) {
      paid.push({ charge, sub, account, outcome: { kind: 'succeeded', intentId: outcome.intentId } });
    } else {
      await settleAttempt(ctx, charge, outcome, intent, account);
    }
    settled.push(charge.subscriptionId!);
  }
  await recordPaid(ctx, paid);
  return settled;
}

interface Paid {
  charge: ChargeRow;
  sub: SubscriptionRow;
  account: BillingAccount;
  outcome: ChargeOutcome & { kind: 'succeeded'; intentId: string };
}

/** Paid periods, in one transaction: the ledger (guarded by the attempt number), then the one paid-period write. */
async function recordPaid(ctx: AppContext, paid: Paid[]): Promise<void> {
  if (!paid.length) return;
  const now = ctx.clock.now();
  const today = businessToday(now);
  const settings = await ctx.siteSettings.get();
  await ctx.database.db.transaction(async (tx) => {
    const recorded = await markChargesSucceeded(
      tx,
      paid.map(({ charge, outcome }) => ({ id: charge.id, attempts: charge.attempts, intentId: outcome.intentId })),
      now,
    );
    const mine = paid
      .filter(({ charge }) => recorded.has(charge.id))
      .map((entry) => ({ ...entry, charge: { ...entry.charge, status: 'succeeded' as const, succeededAt: now, failureCode: null, processingSince: null, gatewayIntentId: entry.outcome.intentId } }));
    await recordPaidPeriods(ctx, tx, mine, today, settings);
  });
}

/** The ledger row of a period's plan charge: the plan's price, keyed by subscription and period. */
function periodChargeOf(ctx: AppContext, sub: SubscriptionRow, period: { start: string; end: string }) {
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
