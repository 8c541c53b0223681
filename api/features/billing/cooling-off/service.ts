import { kindOfPlanName, type CancelPlanName } from '../../../../src/domain/billing/plan-changes.ts';
import { tokyoToday } from '../../../../src/domain/billing/dates.ts';
import { formatDate } from '../../../../src/domain/format-date.ts';
import { formatPrice } from '../../../../src/domain/plans/pricing.ts';
import { coolingOffLastDay, isWithinCoolingOff } from '../../../../src/domain/plans/specified-service.ts';
import { t, tf } from '../../../../src/i18n/ja.ts';
import type { AppContext } from '../../../context.ts';
import { AppError } from '../../../lib/errors.ts';
import { queueLessonSync } from '../sync-lessons.ts';
import { cancelOpenCharges, findBillingAccount, insertSubscriptionEvent, listSubscriptionsOf, type SubscriptionRow } from '../queries.ts';
import { refundCharge } from '../refunds.ts';
import { queueMail } from '../../mail/outbox.ts';
import { greeting, renderMail } from '../../mail/templates/layout.ts';
import { endByCoolingOff, listPaidChargesOf, markEndedCooledOff } from './queries.ts';

/**
 * Cooling-off (クーリング・オフ, product decision 30): for 8 days from the day the 契約書面 arrived,
 * the member ends a 特定継続的役務提供 contract online. Everything paid for it comes back, no fee of
 * any kind is charged (the return shipping of the device is ours), and the contract ends that day,
 * from whatever status it is in: the law overrides the cancellation rules of product decision 16.
 * A contract the member already cancelled the ordinary way inside the 8 days (which ends it at
 * once, with the statutory refund) can still be cooled off: what the cancellation kept comes back.
 */
async function contractOf(ctx: AppContext, accountId: string, planName: CancelPlanName): Promise<SubscriptionRow> {
  const kind = kindOfPlanName(planName);
  const own = (await listSubscriptionsOf(ctx.database.db, accountId)).filter((row) => row.kind === kind);
  // The live contract; else the latest ended one not cooled off yet (the list is newest first).
  const sub = own.find((row) => row.status !== 'ended') ?? own.find((row) => row.cooledOffAt === null);
  if (!sub) throw new AppError(own.length ? 'alreadyCancelled' : 'noSuchPlan');
  return sub;
}

/** The last day of cooling-off while it applies (`YYYY-MM-DD`), else null; with what would come back. */
export async function coolingOffOf(ctx: AppContext, accountId: string, planName: CancelPlanName): Promise<{ coolingOffUntil: string | null; coolingOffRefund: number }> {
  const sub = await contractOf(ctx, accountId, planName).catch(() => undefined);
  if (!sub || !isWithinCoolingOff(sub.contractDocumentSentOn, tokyoToday(ctx.clock.now()))) return { coolingOffUntil: null, coolingOffRefund: 0 };
  const paid = await listPaidChargesOf(ctx.database.db, sub.id);
  return { coolingOffUntil: coolingOffLastDay(sub.contractDocumentSentOn!), coolingOffRefund: paid.reduce((sum, charge) => sum + charge.amount - charge.refunded, 0) };
}

/** POST /api/v2/cancel with cooling_off: ends the contract today and gives back everything paid. */
export async function coolOff(ctx: AppContext, accountId: string, planName: CancelPlanName): Promise<{ effectiveOn: string; endsAtOnce: true; refund: number }> {
  const sub = await contractOf(ctx, accountId, planName);
  const now = ctx.clock.now();
  const today = tokyoToday(now);
  const ended = sub.status === 'ended';
  if (!isWithinCoolingOff(sub.contractDocumentSentOn, today)) throw new AppError(ended ? 'alreadyCancelled' : 'coolingOffNotAvailable');
  const [account, settings] = await Promise.all([findBillingAccount(ctx.database.db, accountId), ctx.siteSettings.get()]);
  const paid = await listPaidChargesOf(ctx.database.db, sub.id);
  const refund = paid.reduce((sum, charge) => sum + charge.amount - charge.refunded, 0);
  await ctx.database.db.transaction(async (tx) => {
    const cooled = ended ? await markEndedCooledOff(tx, sub.id, now) : await endByCoolingOff(tx, sub, now, today);
    if (!cooled) throw new AppError('alreadyCancelled');
    await insertSubscriptionEvent(tx, { subscriptionId: sub.id, type: 'cooledOff', fromStatus: sub.status, toStatus: 'ended', cause: 'member', actorAccountId: accountId, details: { refund }, at: now });
    // Nothing more is charged: an unpaid period, fee or buyout of this contract is dropped.
    await cancelOpenCharges(tx, sub.id, { fees: true });
    if (!ended) await queueLessonSync(ctx, tx, cooled);
    if (account) {
      const content = renderMail(settings, {
        subject: t('coolingOff.title'),
        greeting: greeting(account),
        blocks: [{ kind: 'p', text: `${t('coolingOff.done')}\n${tf('coolingOff.explanation', { date: formatDate(coolingOffLastDay(sub.contractDocumentSentOn!)), amount: formatPrice(refund) })}` }],
      });
      await queueMail(ctx, { template: 'cooling-off', to: account.email, content, dedupeKey: `cooling-off:${sub.id}` }, tx);
    }
  });
  ctx.logger.info('contract cooled off', { subscriptionId: sub.id, refund });
  // Money after the state is recorded, each charge with its own key: a retry never pays twice.
  for (const charge of paid) {
    const left = charge.amount - charge.refunded;
    if (left > 0) await refundCharge(ctx, { chargeId: charge.id, amount: left, reason: 'coolingOff', idempotencyKey: `sub:${sub.id}:cooling-off:${charge.id}` });
  }
  return { effectiveOn: ended ? (sub.endsOn ?? today) : today, endsAtOnce: true, refund };
}
