import type { H3 } from 'h3';
import { deviceReturnedSchema, retryChargeSchema, shippedSchema, type BillingHistory, type RetryChargeReply, type SubscriptionList } from '../../../src/domain/billing/contract.ts';
import { idParams } from '../../../src/domain/ids.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { readBody, readParams } from '../../lib/validation.ts';
import { adminRoute } from '../audit/admin-route.ts';
import { requireSession } from '../auth/guard.ts';
import { withDocuments } from '../documents/service.ts';
import { registerPlanChangeRoutes } from './plan-change-routes.ts';
import { markDeviceReturned, markShipped } from './record-device-dates.ts';
import { billingHistoryOf, listSubscriptionViews, retryPastDueCharges, summarizeRetry } from './service.ts';

/** The member's subscriptions, billing history, paying a past-due charge; staff's shipping and returns (receipts: features/documents). */
export function registerBillingRoutes(app: H3, ctx: AppContext): void {
  app.get('/api/v2/subscriptions', async (event): Promise<SubscriptionList> => {
    const session = await requireSession(event, ctx);
    return { status: 'success', data: await listSubscriptionViews(ctx, session.accountId) };
  });

  app.get('/api/v2/billing-history', async (event): Promise<BillingHistory> => {
    const session = await requireSession(event, ctx);
    return { status: 'success', data: await withDocuments(ctx, session.accountId, await billingHistoryOf(ctx, session.accountId)) };
  });

  registerPlanChangeRoutes(app, ctx);

  app.post('/api/v2/billing/retry', async (event): Promise<RetryChargeReply> => {
    const session = await requireSession(event, ctx);
    const input = await readBody(event, retryChargeSchema);
    const results = await retryPastDueCharges(ctx, session.accountId, input.payment_intent_id);
    if (results.length === 0) return { status: 'success', requires_action: false, result: 'nothingDue' };
    const summary = summarizeRetry(results);
    if (summary.result === 'requiresAction') return { status: 'success', requires_action: true, ...omitResult(summary) };
    if (summary.result === 'failed') throw new AppError(summary.code);
    if (summary.result === 'inProgress') throw new AppError('chargeInProgress');
    return { status: 'success', requires_action: false, result: 'paid' };
  });

  // Staff (admins only; audited, product decision 24): the shipping day starts the trial, a return closes the buyout window.
  app.post(
    '/api/v2/admin/subscriptions/:id/shipped',
    adminRoute(ctx, 'subscriptionShipped', async (event, call) => {
      const { id } = await readParams(event, idParams);
      call.target = { type: 'subscription', id };
      const { shippedOn } = await readBody(event, shippedSchema);
      const sub = await markShipped(ctx, id, shippedOn, call.session.accountId, (moved, tx) => {
        call.target = { type: 'subscription', id, label: moved.planName };
        call.before = { status: 'awaitingShipment' };
        call.after = { status: moved.status, shippedOn: moved.shippedOn, trialEndsOn: moved.trialEndsOn };
        return call.recordIn(tx);
      });
      return { status: 'success', data: { id: sub.id, status: sub.status, shippedOn: sub.shippedOn, trialEndsOn: sub.trialEndsOn } };
    }),
  );

  app.post(
    '/api/v2/admin/subscriptions/:id/device-returned',
    adminRoute(ctx, 'subscriptionDeviceReturned', async (event, call) => {
      const { id } = await readParams(event, idParams);
      call.target = { type: 'subscription', id };
      const { returnedOn } = await readBody(event, deviceReturnedSchema);
      const sub = await markDeviceReturned(ctx, id, returnedOn, call.session.accountId, (returned, tx) => {
        call.target = { type: 'subscription', id, label: returned.planName };
        call.after = { deviceReturnedOn: returned.deviceReturnedOn };
        return call.recordIn(tx);
      });
      return { status: 'success', data: { id: sub.id, deviceReturnedOn: sub.deviceReturnedOn } };
    }),
  );
}

function omitResult<T extends { result: string }>(summary: T): Omit<T, 'result'> {
  const { result: _result, ...rest } = summary;
  return rest;
}
