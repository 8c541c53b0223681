import { tokyoToday } from '../../../src/domain/billing/dates.ts';
import { CardError, RateLimitedError, type Intent } from '../../adapters/payments/types.ts';
import type { AppContext } from '../../context.ts';
import { applyChargeOutcome, type ChargeOutcome } from './apply-charge-outcome.ts';
import { awaitGatewayTurn, rateLimitBackoffMs, sleep } from './gateway-pace.ts';
import { beginChargeAttempt, findBillingAccount, findCharge, finishChargeAttempt, type BillingAccount, type ChargeRow } from './queries.ts';

/**
 * One attempt at taking a charge from the member's card, safe against double charging:
 * 1. the charge row moves to `processing` and its attempt number goes up (only one worker wins);
 * 2. the gateway is asked with the key `<charge key>:<attempt>`: a worker that died after asking
 *    is replaced by one that asks again with the same key and gets the same intent back;
 * 3. the outcome and everything it causes (subscription, ledger, mail, lesson school) are written
 *    in one transaction, guarded by the attempt number, so a webhook or a second worker reporting
 *    the same outcome changes nothing.
 */
export type AttemptResult =
  | { kind: 'succeeded'; charge: ChargeRow }
  | { kind: 'failed'; charge: ChargeRow }
  | { kind: 'requiresAction'; charge: ChargeRow; intent: Intent }
  | { kind: 'busy' };

export async function attemptCharge(ctx: AppContext, chargeId: string, options: { offSession: boolean }): Promise<AttemptResult> {
  const { db } = ctx.database;
  const realNow = Date.now();
  const charge = await beginChargeAttempt(db, chargeId, new Date(realNow), new Date(realNow - ctx.config.billingAttemptLeaseMs));
  if (!charge) return { kind: 'busy' };
  const account = await findBillingAccount(db, charge.accountId);
  let asked: Awaited<ReturnType<typeof askGateway>>;
  try {
    asked = await askGateway(ctx, charge, account, options);
  } catch (error) {
    // Still busy (429): the attempt stays processing and is asked again with the same key after its lease.
    if (error instanceof RateLimitedError) return { kind: 'busy' };
    throw error;
  }
  const { outcome, intent } = asked;
  // The intent id is stored with the outcome; a payment event arriving before that finds the charge by its metadata.
  return settleAttempt(ctx, charge, outcome, intent, account);
}

/**
 * Step 2: asks the gateway for the attempt the charge row holds. A card refused outright (no intent)
 * is a failed attempt; anything else thrown (the network, an outage) leaves the attempt processing,
 * to be asked again with the same key when its lease runs out. The clock's requests (off session)
 * keep the gateway's pace; a 429 is not an answer about the card: the same request is asked again
 * with the same key after a pause (product decision 29), and if the gateway is still busy when half the
 * lease is gone, the attempt stays processing for the next worker, same key again.
 */
export async function askGateway(ctx: AppContext, charge: ChargeRow, account: BillingAccount | undefined, options: { offSession: boolean }): Promise<{ outcome: ChargeOutcome; intent?: Intent }> {
  if (!account?.card) return { outcome: { kind: 'failed', code: 'card_missing' } };
  const card = account.card;
  const giveUpAt = Date.now() + ctx.config.billingAttemptLeaseMs / 2;
  for (;;) {
    if (options.offSession) await awaitGatewayTurn(ctx);
    try {
      const intent = await ctx.payments.createPaymentIntent({
        customerId: card.customerId,
        paymentMethodId: card.paymentMethodId,
        amount: charge.amount,
        description: charge.description,
        idempotencyKey: `${charge.idempotencyKey}:${charge.attempts}`,
        metadata: { charge_id: charge.id, account_id: charge.accountId, kind: charge.kind, ...(charge.subscriptionId ? { subscription_id: charge.subscriptionId } : {}) },
        offSession: options.offSession,
      });
      return { outcome: outcomeOf(intent), intent };
    } catch (error) {
      if (error instanceof CardError) return { outcome: { kind: 'failed', code: error.code } };
      if (!(error instanceof RateLimitedError)) throw error;
      const pause = rateLimitBackoffMs(error.retryAfterMs);
      if (Date.now() + pause > giveUpAt) throw error;
      ctx.logger.debug('billing: gateway busy (429), asking again with the same key', { chargeId: charge.id });
      await sleep(pause);
    }
  }
}

/** What an intent says about the attempt. */
export function outcomeOf(intent: Intent): ChargeOutcome {
  if (intent.status === 'succeeded') return { kind: 'succeeded', intentId: intent.id };
  if (intent.status === 'requires_action') return { kind: 'requiresAction', intentId: intent.id };
  if (intent.status === 'processing') return { kind: 'processing', intentId: intent.id };
  return { kind: 'failed', code: intent.errorCode ?? 'card_declined', intentId: intent.id };
}

/**
 * Records an outcome reported later — a webhook, or the member's browser after 3-D Secure — for
 * the attempt under way. Nothing happens when the charge has moved on (a replayed or late event).
 */
export async function settleFromIntent(ctx: AppContext, chargeId: string, intent: Intent): Promise<AttemptResult | undefined> {
  const charge = await findCharge(ctx.database.db, chargeId);
  if (!charge || (charge.status !== 'processing' && charge.status !== 'requiresAction')) return undefined;
  if (charge.gatewayIntentId && charge.gatewayIntentId !== intent.id) return undefined;
  return settleAttempt(ctx, charge, outcomeOf(intent), intent);
}

/** Step 3 of an attempt: its outcome and what it causes, in one transaction guarded by the attempt number. */
export async function settleAttempt(ctx: AppContext, charge: ChargeRow, outcome: ChargeOutcome, intent?: Intent, account?: BillingAccount): Promise<AttemptResult> {
  if (outcome.kind === 'processing') return { kind: 'busy' };
  const now = ctx.clock.now();
  const today = tokyoToday(now);
  const settled = await ctx.database.db.transaction(async (tx) => {
    const row = await finishChargeAttempt(tx, charge.id, charge.attempts, {
      ...(outcome.kind === 'succeeded'
        ? { status: 'succeeded', succeededAt: now, failureCode: null }
        : outcome.kind === 'requiresAction'
          ? { status: 'requiresAction' }
          : { status: 'failed', failureCode: outcome.code, firstFailedOn: charge.firstFailedOn ?? today }),
      ...(outcome.intentId ? { gatewayIntentId: outcome.intentId } : {}),
    });
    if (!row) return undefined;
    await applyChargeOutcome(ctx, tx, row, outcome, today, account);
    return row;
  });
  if (!settled) return { kind: 'busy' };
  if (outcome.kind === 'succeeded') return { kind: 'succeeded', charge: settled };
  if (outcome.kind === 'requiresAction' && intent) return { kind: 'requiresAction', charge: settled, intent };
  return { kind: 'failed', charge: settled };
}
