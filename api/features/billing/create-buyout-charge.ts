import { addDays } from '../../../src/domain/billing/dates.ts';
import { buyoutPrice, deviceOf } from '../../../src/domain/billing/devices.ts';
import { DEVICE_RETURN_DAYS } from '../../../src/domain/constants.ts';
import { formatDate } from '../../../src/domain/format-date.ts';
import { tf } from '../../../src/i18n/ja.ts';
import type { AppContext } from '../../context.ts';
import { insertCharge, type ChargeRow, type SubscriptionRow } from './queries.ts';

/** The device was not returned within a week of the end: the buyout, once. */
export async function createBuyoutCharge(ctx: AppContext, sub: SubscriptionRow, today: string): Promise<ChargeRow | undefined> {
  const amount = buyoutPrice(deviceOf(sub.packageType), sub.shippedOn, today);
  if (amount <= 0) return undefined;
  return insertCharge(ctx.database.db, {
    accountId: sub.accountId,
    subscriptionId: sub.id,
    kind: 'buyout',
    periodStart: today,
    amount,
    description: tf('billing.buyoutDescription', { date: formatDate(addDays(sub.endsOn ?? today, DEVICE_RETURN_DAYS)) }),
    idempotencyKey: `sub:${sub.id}:buyout`,
    createdAt: ctx.clock.now(),
  });
}
