import { describe, expect, it } from 'vitest';
import { adminBrowser, chargesOf, emailOf, mailsTo, markShipped, moveClock, onlySubscription, subscriptionRow } from '../../../tests/support/billing.ts';
import { signedUpMember } from '../../../tests/support/registration.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';

/**
 * The billing clock over a year (product decisions 7 and 13): three members on 1-, 3- and 12-month plans
 * shipped on Jan 24 (trial ends Jan 31, a month end); the clock moves forward in steps and jumps
 * nine months at once; every period is charged exactly once, on its day, counted from the anchor.
 */
const app = useTestApp({ jobs: true });

describe('the billing calendar', () => {
  it('charges 1-, 3- and 12-month plans at trial end and every period start, month ends kept, each once', async () => {
    await moveClock(app, { to: '2027-01-24T10:00:00+09:00' });
    const admin = await adminBrowser(app);
    const monthly = await signedUpMember(app, { optionId: 'ME_Plan_1', months: 1 });
    const quarterly = await signedUpMember(app, { optionId: 'ME_Plan_2', months: 3 });
    const yearly = await signedUpMember(app, { optionId: 'ME_Plan_3', months: 12 });
    const subs = await Promise.all([monthly, quarterly, yearly].map(onlySubscription));
    for (const sub of subs) {
      expect(sub).toMatchObject({ status: 'awaitingShipment', nextPayAt: null, trialEndsOn: null });
      expect((await markShipped(admin, sub.id, '2027-01-24')).status).toBe(200);
    }
    const [m, q, y] = await Promise.all([monthly, quarterly, yearly].map(onlySubscription));
    expect(m).toMatchObject({ status: 'trialing', shippedOn: '2027-01-24', trialEndsOn: '2027-01-31', trialLastDay: '2027-01-30', nextPayAt: '2027-01-31' });

    // Three days before the trial ends: the reminder, once.
    await moveClock(app, { to: '2027-01-28T09:00:00+09:00' });
    await moveClock(app, { to: '2027-01-29T09:00:00+09:00' });
    expect(await mailsTo(app, await emailOf(monthly), 'billing-trial-ending')).toHaveLength(1);

    await moveClock(app, { to: '2027-01-31T00:10:00+09:00' });
    expect(await onlySubscription(monthly)).toMatchObject({ status: 'active', currentPeriodStart: '2027-01-31', currentPeriodEnd: '2027-02-28', nextPayAt: '2027-02-28' });
    expect(await onlySubscription(quarterly)).toMatchObject({ status: 'active', currentPeriodEnd: '2027-04-30' });
    expect(await onlySubscription(yearly)).toMatchObject({ status: 'active', currentPeriodEnd: '2028-01-31' });

    for (const day of ['2027-02-28', '2027-03-31', '2027-04-30']) await moveClock(app, { to: `${day}T06:00:00+09:00` });
    // Nine months at once: the clock catches up period by period.
    await moveClock(app, { to: '2028-01-31T06:00:00+09:00' });

    const starts = async (id: string) => (await chargesOf(app, id)).map((charge) => [charge.periodStart, charge.status]);
    const ok = (days: string[]) => days.map((day) => [day, 'succeeded']);
    expect(await starts(m!.id)).toEqual(
      ok(['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30', '2027-05-31', '2027-06-30', '2027-07-31', '2027-08-31', '2027-09-30', '2027-10-31', '2027-11-30', '2027-12-31', '2028-01-31']),
    );
    expect(await starts(q!.id)).toEqual(ok(['2027-01-31', '2027-04-30', '2027-07-31', '2027-10-31', '2028-01-31']));
    expect(await starts(y!.id)).toEqual(ok(['2027-01-31', '2028-01-31']));

    // What was charged is the catalogue's period price: 4,620円 a month, 12,705円 a quarter, 46,200円 a year.
    expect((await chargesOf(app, m!.id)).every((charge) => charge.amount === 4620)).toBe(true);
    expect((await chargesOf(app, q!.id)).every((charge) => charge.amount === 12_705)).toBe(true);
    expect((await chargesOf(app, y!.id)).every((charge) => charge.amount === 46_200)).toBe(true);
    expect(await onlySubscription(monthly)).toMatchObject({ status: 'active', currentPeriodStart: '2028-01-31', nextPayAt: '2028-02-29' });
    expect((await subscriptionRow(app, y!.id)).periodNumber).toBe(1);

    // One receipt mail per charge, never two.
    expect(await mailsTo(app, await emailOf(monthly), 'billing-period-paid')).toHaveLength(13);
    // The same day again changes nothing.
    await moveClock(app, { advanceDays: 0 });
    expect(await chargesOf(app, m!.id)).toHaveLength(13);
  });
});
