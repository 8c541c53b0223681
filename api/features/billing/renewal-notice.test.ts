import { describe, expect, it } from 'vitest';
import { formatDate } from '../../../src/domain/format-date.ts';
import { formatPrice } from '../../../src/domain/plans/pricing.ts';
import { adminBrowser, emailOf, mailsTo, markShipped, moveClock, onlySubscription, subscriptionRow } from '../../../tests/support/billing.ts';
import { signedUpMember } from '../../../tests/support/registration.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';
import { sendRenewalNotice } from './send-renewal-notice.ts';

/**
 * Product decision 26: a 3- or 12-month plan is mailed 14 days before it renews (the day, the amount, how
 * to cancel online); monthly plans never. Sent by the clock, once per period.
 */
const app = useTestApp({ jobs: true });

describe('the renewal notice', () => {
  it('14 days before a 3- or 12-month plan renews, once per period; none for a monthly plan; none late after a jump', { timeout: 120_000 }, async () => {
    await moveClock(app, { to: '2027-01-24T10:00:00+09:00' });
    const admin = await adminBrowser(app);
    const monthly = await signedUpMember(app, { optionId: 'ME_Plan_1', months: 1 });
    const quarterly = await signedUpMember(app, { optionId: 'ME_Plan_2', months: 3 });
    const yearly = await signedUpMember(app, { optionId: 'ME_Plan_3', months: 12 });
    for (const member of [monthly, quarterly, yearly]) expect((await markShipped(admin, (await onlySubscription(member)).id, '2027-01-24')).status).toBe(200);
    // Trial ends Jan 31: first periods charged; the quarter renews on Apr 30, the year on 2028-01-31.
    await moveClock(app, { to: '2027-01-31T06:00:00+09:00' });
    const notices = async (member: typeof monthly) => mailsTo(app, await emailOf(member), 'billing-renewal-notice');

    await moveClock(app, { to: '2027-04-15T09:00:00+09:00' });
    expect(await notices(quarterly)).toHaveLength(0);

    await moveClock(app, { to: '2027-04-16T09:00:00+09:00' });
    const [notice, ...more] = await notices(quarterly);
    expect(more).toHaveLength(0);
    expect(notice!.subject).toContain(`${formatDate('2027-04-30')}にプランが自動更新されます`);
    expect(notice!.text).toContain(formatDate('2027-04-30'));
    expect(notice!.text).toContain(formatPrice(12_705));
    expect(notice!.text).toContain(`${app.ctx.config.publicOrigin}/cancellation`);
    expect(notice!.text).toContain(formatDate('2027-04-29'));

    // The next days and the renewal itself: no second notice for that period.
    await moveClock(app, { to: '2027-04-17T09:00:00+09:00' });
    await moveClock(app, { to: '2027-04-30T09:00:00+09:00' });
    expect(await notices(quarterly)).toHaveLength(1);
    expect(await onlySubscription(quarterly)).toMatchObject({ status: 'active', currentPeriodEnd: '2027-07-31' });

    // A monthly plan is never told (its renewals on Feb 28, Mar 31, Apr 30 came and went).
    expect(await notices(monthly)).toHaveLength(0);

    // A jump over the July and October notice days sends no late notice; the next one comes on its day.
    await moveClock(app, { to: '2028-01-17T09:00:00+09:00' });
    expect((await notices(quarterly)).map((mail) => mail.subject.replace(/^【.*?】/, ''))).toEqual([`${formatDate('2027-04-30')}にプランが自動更新されます`, `${formatDate('2028-01-31')}にプランが自動更新されます`]);
    const yearlyNotices = await notices(yearly);
    expect(yearlyNotices).toHaveLength(1);
    expect(yearlyNotices[0]!.text).toContain(formatPrice(46_200));
    expect(await notices(monthly)).toHaveLength(0);
  });

  it('two workers sending the same notice at once: one mail', async () => {
    await moveClock(app, { to: '2029-01-24T10:00:00+09:00' });
    const admin = await adminBrowser(app);
    const quarterly = await signedUpMember(app, { optionId: 'ME_Plan_2', months: 3 });
    const { id } = await onlySubscription(quarterly);
    expect((await markShipped(admin, id, '2029-01-24')).status).toBe(200);
    await moveClock(app, { to: '2029-01-31T06:00:00+09:00' });
    const sub = await subscriptionRow(app, id);
    // Both read the subscription before either wrote: the guarded mark lets one through.
    await Promise.all([sendRenewalNotice(app.ctx, sub), sendRenewalNotice(app.ctx, sub), sendRenewalNotice(app.ctx, sub)]);
    expect(await mailsTo(app, await emailOf(quarterly), 'billing-renewal-notice')).toHaveLength(1);
    expect((await subscriptionRow(app, id)).renewalNoticedFor).toBe('2029-04-30');
  });
});
