import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { seedTrialingSubscriptions } from '../../tests/support/billing-seed.ts';
import { useTestApp } from '../../tests/support/test-app.ts';
import { insertCharge } from '../features/billing/queries.ts';
import { jsonRowReader } from './json-rows.ts';
import { charges, subscriptions } from './schema/index.ts';

const app = useTestApp();

/**
 * The hot reads take rows as to_jsonb (one column) and decode them with drizzle's own column
 * decoders: the result must be exactly what drizzle's select gives for the same row (timestamps
 * as Date to the millisecond, dates as text, nulls, numbers), on whichever driver runs the tests.
 */
describe('rows read as JSON', () => {
  it('equal what drizzle reads, for a subscription and a charge with every kind of column filled or empty', async () => {
    const { db } = app.ctx.database;
    const [id] = await seedTrialingSubscriptions(db, { count: 1, trialEndsOn: '2027-03-08', tag: 'jsonrows' });
    // Microseconds in a timestamp (drizzle and the reader both keep milliseconds), a date, a null.
    await db.execute(sql`update subscriptions set suspended_at = '2027-03-09 10:11:12.345678+00', ends_on = '2027-04-01' where id = ${id}`);
    const charge = await insertCharge(db, {
      subscriptionId: id!,
      accountId: (await db.select().from(subscriptions).where(eq(subscriptions.id, id!)))[0]!.accountId,
      kind: 'period',
      status: 'failed',
      amount: 4620,
      description: '月額 2027年3月分',
      periodStart: '2027-03-08',
      idempotencyKey: 'jsonrows-1',
      attempts: 2,
      firstFailedOn: '2027-03-08',
      failureCode: 'card_declined',
    });
    const read = async (table: 'subscriptions' | 'charges', rowId: string) =>
      (await app.ctx.database.readRows<{ row: Record<string, unknown> }>(`select to_jsonb(t) as row from ${table} t where t.id = $1`, [rowId]))[0]!.row;

    const subscription = jsonRowReader(subscriptions)(await read('subscriptions', id!));
    expect(subscription).toEqual((await db.select().from(subscriptions).where(eq(subscriptions.id, id!)))[0]);
    expect(subscription.suspendedAt).toEqual(new Date('2027-03-09T10:11:12.345Z'));
    expect(subscription.endsOn).toBe('2027-04-01');

    const chargeRow = jsonRowReader(charges)(await read('charges', charge!.id));
    expect(chargeRow).toEqual(charge);
    expect(chargeRow.amount).toBe(4620);
  });
});
