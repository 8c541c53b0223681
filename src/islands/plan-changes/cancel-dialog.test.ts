import { describe, expect, it } from 'vitest';
import type { SubscriptionView } from '../../domain/billing/contract.ts';
import { myPagePlans } from '../../stores/subscriptions.ts';
import { dialogText } from './CancellationPage.tsx';

describe('the cancel popup tells the quote\'s case (product decision 16, revised)', () => {
  const plan = 'ベーシックプラン 12か月 月4回';
  it.each([
    ['a refund: ends today', { refund: 26_950, endsAtOnce: true, effectiveOn: '2027-03-20' }, 'ベーシックプラン 12か月 月4回を解約します。返金（26,950円（税込））があるため、本日（2027年3月20日）で解約となり、レッスンなどのご利用は本日で終了します。'],
    ['no refund after the trial: runs to the period end', { refund: 0, endsAtOnce: false, effectiveOn: '2028-02-08' }, 'ベーシックプラン 12か月 月4回を解約します。返金はなく、2028年2月8日までご利用いただけ、その日で解約となります。'],
    ['in the trial: ends today', { refund: 0, endsAtOnce: true, effectiveOn: '2027-01-06' }, 'ベーシックプラン 12か月 月4回を解約します。解約日は2027年1月6日です。'],
  ])('%s', (_name, quote, text) => {
    expect(dialogText({ planName: plan, ...quote })).toBe(text);
  });
});

describe('the plans My Page shows', () => {
  const sub = (status: SubscriptionView['status'], extra: Partial<SubscriptionView> = {}) => ({ id: status, status, cancellation: null, openPayments: [], ...extra }) as unknown as SubscriptionView;
  it('live plans, and ended ones with a recent cancellation or an open payment', () => {
    const refunded = sub('ended', { id: 'refunded', cancellation: { effectiveOn: '2027-03-20', endsAtOnce: true, fees: [], refund: 100, refundRule: 'seventyPercent', deviceReturnBy: null } });
    const owing = sub('ended', { id: 'owing', openPayments: [{ chargeId: 'c', kind: 'fee', description: '往復送料', amount: 2600, failureCode: 'card_declined', nextRetryOn: null }] });
    expect(myPagePlans([sub('active'), sub('retrying'), sub('ended'), refunded, owing]).map((plan) => plan.id)).toEqual(['active', 'retrying', 'refunded', 'owing']);
  });
});
