import type { H3 } from 'h3';
import { cancelQuerySchema, cancelSchema, switchPlanSchema, type CancelQuoteReply, type CancelReply, type SwitchPlanReply, type SwitchPreview } from '../../../src/domain/billing/plan-changes.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { readBody, readQuery } from '../../lib/validation.ts';
import { requireSession } from '../auth/guard.ts';
import { coolingOffOf, coolOff } from './cooling-off/service.ts';
import { cancelPlan, quoteCancellationOf } from './cancelling.ts';
import { previewSwitch, switchPlan } from './switching.ts';

/** The member's plan switch and cancellation (api-contract.md: switch plan, switch preview, cancellation quote, cancel). */
export function registerPlanChangeRoutes(app: H3, ctx: AppContext): void {
  app.post('/api/v2/switch-plan/preview', async (event): Promise<SwitchPreview> => {
    const session = await requireSession(event, ctx);
    const input = await readBody(event, switchPlanSchema);
    return { status: 'success', data: await previewSwitch(ctx, session.accountId, input) };
  });

  app.post('/api/v2/switch-plan', async (event): Promise<SwitchPlanReply> => {
    const session = await requireSession(event, ctx);
    const input = await readBody(event, switchPlanSchema);
    return switchPlan(ctx, session.accountId, input);
  });

  app.get('/api/v2/cancel/quote', async (event): Promise<CancelQuoteReply> => {
    const session = await requireSession(event, ctx);
    const { plan_name } = await readQuery(event, cancelQuerySchema);
    const [quote, coolingOff] = await Promise.allSettled([quoteCancellationOf(ctx, session.accountId, plan_name), coolingOffOf(ctx, session.accountId, plan_name)]);
    if (coolingOff.status === 'rejected') throw coolingOff.reason;
    if (quote.status === 'rejected') {
      // A plan already cancelled can still be cooled off while the law allows it (product decision
      // 30): the 409 says until when, and what would come back.
      const error: unknown = quote.reason;
      if (error instanceof AppError && error.key === 'alreadyCancelled' && coolingOff.value.coolingOffUntil) throw new AppError('alreadyCancelled', { data: coolingOff.value });
      throw error;
    }
    return { status: 'success', data: { ...quote.value, ...coolingOff.value } };
  });

  app.post('/api/v2/cancel', async (event): Promise<CancelReply> => {
    const session = await requireSession(event, ctx);
    const input = await readBody(event, cancelSchema);
    // Cooling-off (product decision 30) is its own way out: no fee, everything paid back.
    if (input.cooling_off) return { status: 'success', data: await coolOff(ctx, session.accountId, input.plan_name) };
    return { status: 'success', data: await cancelPlan(ctx, session.accountId, input) };
  });
}
