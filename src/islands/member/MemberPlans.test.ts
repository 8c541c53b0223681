import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { SubscriptionView } from '../../domain/billing/contract.ts';
import { t } from '../../i18n/ja.ts';
import { MemberPlansView } from './MemberPlans.tsx';

const render = (status: 'loading' | 'ready' | 'failed') => renderToString(createElement(MemberPlansView, { status, plans: [] }));

/** My Page's plans as the member sees them before and after they load (server-rendered HTML). */
describe('My Page with no plan to show', () => {
  it('offers both kinds of plan to a member whose every plan has ended, with the saved address and card', () => {
    const html = render('ready');
    expect(html).toContain(t('mypage.plans.none'));
    expect(html).toContain(t('mypage.plans.orderAgain'));
    const links = [...html.matchAll(/<a href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map(([, href, label]) => [href, label]);
    expect(links).toEqual([
      ['/registration-me', t('mypage.item.registrationMe')],
      ['/registration-mej', t('mypage.item.registrationMej')],
    ]);
  });

  it('keeps the space the plans take while they load, so nothing below moves when they arrive', () => {
    const heightOf = (html: string) => /class="[^"]*\b(min-h-\d+)\b/.exec(html)?.[1];
    expect(heightOf(render('loading'))).toBe('min-h-56');
    expect(heightOf(render('ready'))).toBe('min-h-56');
  });

  it('offers nothing to order while it cannot tell which plans the member holds', () => {
    const html = render('failed');
    expect(html).toContain(t('mypage.plans.loadFailed'));
    expect(html).not.toContain('/registration-me');
  });
});

describe('a cancelled plan on My Page', () => {
  const ended = {
    id: 's1',
    kind: 'normal',
    category: 'otona',
    planName: 'ベーシックプラン 1か月 月4回',
    periodPrice: 4620,
    contractMonth: 1,
    status: 'ended',
    trialLastDay: null,
    nextPayment: { kind: 'nothing' },
    cancelRequestedAt: '2026-11-27T01:00:00.000Z',
    endsOn: '2026-11-27',
    pastDue: null,
    openPayments: [],
    cancellation: { effectiveOn: '2026-11-27', endsAtOnce: true, fees: [], refund: 0, refundRule: 'none', deviceReturnBy: null },
  } as unknown as SubscriptionView;

  it('keeps the plan name whole in the notice: the line never breaks at its spaces', () => {
    const html = renderToString(createElement(MemberPlansView, { status: 'ready', plans: [ended] }));
    expect(html).toContain('<span class="whitespace-nowrap">ベーシックプラン 1か月 月4回</span>は2026年11月27日で解約となりました。');
  });
});
