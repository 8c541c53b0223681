import { getCookie, type H3 } from 'h3';
import { affiliateId } from '../../../src/domain/affiliate.ts';
import { formatOrderNumber } from '../../../src/domain/documents/order-number.ts';
import { orderRequestSchema } from '../../../src/domain/order-schemas.ts';
import type { UserdataReply } from '../../../src/domain/userdata.ts';
import type { AppContext } from '../../context.ts';
import { readBody } from '../../lib/validation.ts';
import { requireSession } from '../auth/guard.ts';
import { listLivePlans } from '../billing/service.ts';
import { findCustomerIdOf } from '../card/service.ts';
import { listCompletedOrders } from './queries.ts';
import { startOfTokyoDay } from '../../../src/domain/billing/dates.ts';
import { paymentDayOf } from '../../../src/domain/billing/next-action.ts';
import { placeOrder } from './service.ts';

/** The start of a day in Japan in unix seconds (userdata's next_pay_at), or null without a day. */
const unixSecondsOfTokyoDay = (day: string | null) => (day ? Math.floor(startOfTokyoDay(day).getTime() / 1000) : null);

export function registerOrderRoutes(app: H3, ctx: AppContext): void {
  app.post('/api/v2/registration', async (event) => {
    const session = await requireSession(event, ctx);
    const input = await readBody(event, orderRequestSchema);
    return placeOrder(ctx, session, input, affiliateId(getCookie(event, 'a8')));
  });

  /** Non-empty means "signed up" (spec): the completed orders. */
  app.get('/api/v2/order-history', async (event) => {
    const session = await requireSession(event, ctx);
    const orders = await listCompletedOrders(ctx.database.db, session.accountId);
    return {
      status: 'success',
      data: orders.map((order) => ({
        id: order.id,
        /** The order number people read out on the phone (product decision 25's documents print it too). */
        number: formatOrderNumber(order.number),
        kind: order.kind,
        plan: order.planName,
        product_id: order.productId,
        option: order.optionId,
        status: order.status,
        created_at: Math.floor(order.createdAt.getTime() / 1000),
      })),
    };
  });

  /**
   * At most two records (a normal plan and an ESAT-J plan), in the spec's fields, from the live
   * subscriptions: next_pay_at is the start of the next payment day in Japan, in unix seconds.
   */
  app.get('/api/v2/userdata', async (event): Promise<UserdataReply> => {
    const session = await requireSession(event, ctx);
    const [plans, customerId] = await Promise.all([listLivePlans(ctx, session.accountId), findCustomerIdOf(ctx.database, session.accountId)]);
    return {
      status: 'success',
      data: plans.map(({ plan, nextPayment }) => ({
        plan: plan.planName,
        product_id: plan.productId,
        option: plan.optionId,
        kind: plan.kind,
        status: plan.status,
        last_name: session.lastName,
        first_name: session.firstName,
        email: session.email,
        next_pay_at: unixSecondsOfTokyoDay(paymentDayOf(nextPayment)),
        next_payment: nextPayment,
        kimini: plan.lessonAccountId ? { id: plan.lessonAccountId } : null,
        stripe_id: customerId ?? null,
      })),
    };
  });
}
