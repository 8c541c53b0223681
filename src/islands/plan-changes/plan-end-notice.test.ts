import { describe, expect, it } from 'vitest';
import type { SubscriptionView } from '../../domain/billing/contract.ts';
import { endingPlans } from './PlanEndNotice.tsx';

const sub = (status: SubscriptionView['status'], endsOn: string | null) => ({ id: status, planName: 'ベーシックプラン 12か月 月4回', status, endsOn }) as SubscriptionView;

describe('My Page: plans ending after a cancellation', () => {
  it('names each plan with a requested cancellation and its last day; nothing for the others', () => {
    expect(endingPlans([sub('active', null), sub('cancelRequested', '2028-02-08'), sub('ended', '2027-01-06')])).toEqual([
      { id: 'cancelRequested', text: 'ベーシックプラン 12か月 月4回は解約手続き済みです。2028年2月8日までご利用いただけ、その日で終了します。' },
    ]);
  });
});
