import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { seedTrialingSubscriptions } from '../../../tests/support/billing-seed.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';
import { subscriptions } from '../../db/schema/index.ts';
import { insertCharge, listLivePlanLines } from './queries.ts';

const app = useTestApp();

/**
 * userdata's plans are plain SQL that PostgreSQL builds as JSON under the JS names: each field must
 * be exactly what drizzle's select reads for the same row (dates as text, nulls, numbers), on
 * whichever driver runs the tests, with the latest open plan charge, and no ended plan.
 */
describe('the live plans userdata reads', () => {
  it('equal drizzle’s rows field by field, with the latest open plan charge and none when there is none', async () => {
    const { db } = app.ctx.database;
    const [id] = await seedTrialingSubscriptions(db, { count: 1, trialEndsOn: '2027-03-08', tag: 'liveplans' });
    await db.execute(sql`update subscriptions set status = 'retrying', current_period_end = '2027-04-07', ends_on = '2027-04-01', lesson_account_id = 'kimini-7' where id = ${id}`);
    const sub = (await db.select().from(subscriptions).where(eq(subscriptions.id, id!)))[0]!;
    expect(await listLivePlanLines(app.ctx.database, sub.accountId)).toEqual([{ ...pick(sub), open: null }]);

    const charge = (attempt: number, status: 'failed' | 'succeeded', firstFailedOn: string | null) =>
      insertCharge(db, {
        subscriptionId: id!,
        accountId: sub.accountId,
        kind: 'period',
        status,
        amount: 4620,
        description: '月額 2027年3月分',
        periodStart: '2027-03-08',
        idempotencyKey: `liveplans-${attempt}`,
        attempts: attempt,
        firstFailedOn,
        failureCode: status === 'failed' ? 'card_declined' : null,
      });
    await charge(1, 'succeeded', null);
    await charge(2, 'failed', '2027-03-08');
    await db.execute(sql`update charges set created_at = now() - interval '1 day' where idempotency_key = 'liveplans-2'`);
    await charge(3, 'failed', '2027-03-09');
    const [line] = await listLivePlanLines(app.ctx.database, sub.accountId);
    expect(line).toEqual({ ...pick(sub), open: { status: 'failed', periodStart: '2027-03-08', attempts: 3, firstFailedOn: '2027-03-09', failureCode: 'card_declined' } });

    await db.execute(sql`update subscriptions set status = 'ended' where id = ${id}`);
    expect(await listLivePlanLines(app.ctx.database, sub.accountId)).toEqual([]);
  });
});

function pick(sub: typeof subscriptions.$inferSelect) {
  const { kind, status, planName, productId, optionId, lessonAccountId, trialEndsOn, currentPeriodEnd, endsOn } = sub;
  return { kind, status, planName, productId, optionId, lessonAccountId, trialEndsOn, currentPeriodEnd, endsOn };
}
