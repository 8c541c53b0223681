import { tf } from '../../../src/i18n/ja.ts';
import { CardError } from '../../adapters/payments/types.ts';
import type { AppContext } from '../../context.ts';
import { issueRefundNote } from '../documents/issue.ts';
import { findCharge, findRefundByKey, finishRefund, insertRefund, refundedAmount, type RefundRow } from './queries.ts';

/** The queue of refund jobs (worked in jobs.ts): money taken for a subscription that may no longer be charged. */
export const REFUND_QUEUE = 'billing-refund';

/**
 * Gives money back on a succeeded charge, once per key (a retry or a second process gives the
 * same refund back), never more than is left of the charge.
 */
export async function refundCharge(ctx: AppContext, input: { chargeId: string; amount: number; reason: string; idempotencyKey?: string }): Promise<RefundRow | undefined> {
  const { db } = ctx.database;
  const key = input.idempotencyKey ?? `refund:${input.chargeId}:${input.reason}`;
  const existing = await findRefundByKey(db, key);
  if (existing && existing.status !== 'pending') return existing;
  const charge = await findCharge(db, input.chargeId);
  if (!charge || charge.status !== 'succeeded' || !charge.gatewayIntentId) return undefined;
  const left = charge.amount - (existing ? 0 : await refundedAmount(db, charge.id));
  const amount = Math.min(input.amount, left);
  if (amount <= 0) return undefined;
  const refund =
    existing ??
    (await insertRefund(db, { chargeId: charge.id, accountId: charge.accountId, amount, reason: input.reason, idempotencyKey: key, createdAt: ctx.clock.now() })) ??
    (await findRefundByKey(db, key));
  if (!refund || refund.status !== 'pending') return refund;
  try {
    const result = await ctx.payments.refund({ paymentIntentId: charge.gatewayIntentId, amount: refund.amount, idempotencyKey: key, metadata: { refund_id: refund.id, charge_id: charge.id } });
    await finishRefund(db, refund.id, { status: result.status, gatewayRefundId: result.id, succeededAt: result.status === 'succeeded' ? ctx.clock.now() : null, failureCode: result.errorCode ?? null });
  } catch (error) {
    if (!(error instanceof CardError)) throw error;
    await finishRefund(db, refund.id, { status: 'failed', failureCode: error.code });
  }
  await issueRefundNote(ctx, refund.id);
  ctx.logger.info('refund made', { refundId: refund.id, chargeId: charge.id, amount: refund.amount, reason: input.reason });
  return findRefundByKey(db, key);
}

/** The history line of a refund. */
export function refundDescription(chargeDescription: string): string {
  return tf('billing.refundDescription', { what: chargeDescription });
}
