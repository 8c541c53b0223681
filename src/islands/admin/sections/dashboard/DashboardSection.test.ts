import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { MonthMetrics } from '../../../../domain/admin/metrics.ts';
import { t } from '../../../../i18n/ja.ts';
import { DashboardFigures } from './DashboardSection.tsx';

const month = (overrides: Partial<MonthMetrics> = {}): MonthMetrics => ({
  month: '2026-10',
  mrr: 0,
  mrrTaxIncluded: 0,
  newMrr: 0,
  expansionMrr: 0,
  contractionMrr: 0,
  churnedMrr: 0,
  subscribers: {},
  trialsStarted: 0,
  trialsConverted: 0,
  failedRecovered: 0,
  cancellationsByReason: {},
  ...overrides,
});

const render = (months: MonthMetrics[]) => renderToString(createElement(DashboardFigures, { months }));
/** The text of a table row, cells joined by 「|」. */
const row = (html: string, label: string) => {
  const found = new RegExp(`<tr[^>]*><th scope="row"[^>]*>${label}</th>(.*?)</tr>`).exec(html);
  return found ? [...found[1]!.matchAll(/<td[^>]*>([^<]*)<\/td>/g)].map(([, cell]) => cell).join('|') : undefined;
};

/** The console's dashboard as staff read it (server-rendered HTML; the charts load later). */
describe('the dashboard figures', () => {
  it.each([
    ['a month without decreases shows them as 0円, not -0円', month(), { contraction: '0円', churned: '0円' }],
    ['decreases are shown negated, with thousands separated', month({ contractionMrr: 1200, churnedMrr: 13_200 }), { contraction: '-1,200円', churned: '-13,200円' }],
  ])('%s', (_, figures, expected) => {
    const html = render([figures]);
    expect(row(html, t('admin.dashboard.contractionMrr'))).toBe(expected.contraction);
    expect(row(html, t('admin.dashboard.churnedMrr'))).toBe(expected.churned);
  });

  it('says there were no cancellations and no plans in the range instead of drawing empty axes', () => {
    const html = render([month(), month({ month: '2026-11' })]);
    expect(html).toContain(t('admin.dashboard.noCancellations'));
    expect(html).toContain(t('admin.dashboard.noSubscribers'));
    // Four panels with figures: four tables (MRR, its movements, trials, recovered payments).
    expect(html.match(/<table/g)).toHaveLength(4);
  });

  it('draws the cancellations and plans once there are some, each reason and status in Japanese', () => {
    const html = render([month({ subscribers: { active: 3, awaitingShipment: 1 }, cancellationsByReason: { price: 2, none: 1 } })]);
    expect(html).not.toContain(t('admin.dashboard.noCancellations'));
    expect(html).not.toContain(t('admin.dashboard.noSubscribers'));
    expect(row(html, t('admin.planStatus.active'))).toBe('3');
    expect(row(html, t('admin.dashboard.noReason'))).toBe('1');
    expect(html.match(/<table/g)).toHaveLength(6);
  });
});
