import { nextBillingAction } from '../../../src/domain/billing/next-action.ts';
import type { AppContext } from '../../context.ts';
import { attemptCharge } from './charging.ts';
import { chargePeriods } from './batch/charge-together.ts';
import { createBuyoutCharge } from './create-buyout-charge.ts';
import { endSubscription } from './end-subscription.ts';
import { findSubscriptionForClock, type ChargeRow, type SubscriptionRow } from './queries.ts';
import { sendRenewalNotice } from './send-renewal-notice.ts';
import { sendTrialReminder } from './send-trial-reminder.ts';
import { billingStateOf, businessToday } from './state.ts';
import { suspendSubscription } from './suspend-subscription.ts';

/** What the rules say is due next for a subscription, with what they decided on. */
export async function decideNextAction(ctx: AppContext, subscriptionId: string) {
  const found = await findSubscriptionForClock(ctx.database.db, subscriptionId);
  const today = businessToday(ctx.clock.now());
  return found && { ...decisionOf(ctx, found, today), today };
}

/** The rules' next step for a subscription read with its open plan charge (one read or many). */
export function decisionOf(ctx: AppContext, found: { sub: SubscriptionRow; open: ChargeRow | undefined; buyoutCharged: boolean }, today: string) {
  const { sub, open, buyoutCharged } = found;
  return { sub, open, action: nextBillingAction(billingStateOf(sub, open, { buyoutCharged, leaseMs: ctx.config.billingAttemptLeaseMs }), today) };
}

/** Far more than a subscription can owe at once (ten years of monthly periods and their retries). */
const MAX_STEPS = 400;

/**
 * Does everything that has come due for one subscription, step by step, until the rules say there
 * is nothing left (so a clock moved a year ahead catches up period by period). Runs as a pg-boss
 * job with the subscription as its singleton key: never twice at once for one subscription.
 */
export async function advanceSubscription(ctx: AppContext, subscriptionId: string): Promise<number> {
  for (let step = 0; step < MAX_STEPS; step += 1) {
    const decided = await decideNextAction(ctx, subscriptionId);
    if (!decided) return step;
    const { sub, open, today, action } = decided;
    switch (action.kind) {
      case 'none':
        return step;
      case 'sendTrialReminder':
        await sendTrialReminder(ctx, sub);
        break;
      case 'sendRenewalNotice':
        await sendRenewalNotice(ctx, sub);
        break;
      case 'chargePeriod': {
        // The batch's path with one member: the paid period is written in one place.
        if (!(await chargePeriods(ctx, [{ sub, period: action.period }])).includes(sub.id)) return step;
        break;
      }
      case 'attemptCharge':
        if (!open || (await attemptCharge(ctx, open.id, { offSession: true })).kind === 'busy') return step;
        break;
      case 'suspend':
        await suspendSubscription(ctx, sub, open);
        break;
      case 'endSubscription':
        await endSubscription(ctx, sub);
        break;
      case 'chargeBuyout': {
        const charge = await createBuyoutCharge(ctx, sub, today);
        if (charge) await attemptCharge(ctx, charge.id, { offSession: true });
        else return step;
        break;
      }
    }
  }
  throw new Error(`billing: subscription ${subscriptionId} still had work after ${MAX_STEPS} steps`);
}
