import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { MonthMetrics } from '../../../src/domain/admin/metrics.ts';
import { adminBrowser, latestAuditEntries, staffBrowser } from '../../../tests/support/admin.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';

const app = useTestApp();
const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows);

/** A subscription as its history wrote it: created, then events (Japan time), and its order's monthly price. */
async function subscriptionWithHistory(name: string, monthlyPrice: number, created: string, events: [at: string, type: string, from: string | null, to: string, details?: object][]) {
  const db = app.ctx.database.db;
  const [account] = rowsOf<{ id: string }>(
    await db.execute(sql`insert into accounts (email, password_hash, first_name, last_name, birthday) values (${`${name}@metrics.example`}, 'x', '花子', '山田', '199001') returning id`),
  );
  const [sub] = rowsOf<{ id: string }>(
    await db.execute(sql`
      with o as (
        insert into orders (account_id, kind, status, idempotency_key, product_id, option_id, contract_month, plan_name, package_type, monthly_price, total_price, completed_at, created_at)
        values (${account!.id}, 'normal', 'completed', ${`metrics-${name}`}, 'ME_P', 'ME_Plan_1', 1, 'プラン', 'original', ${monthlyPrice}, ${monthlyPrice}, ${`${created}T09:00:00+09:00`}::timestamptz, ${`${created}T09:00:00+09:00`}::timestamptz)
        returning id)
      insert into subscriptions (account_id, order_id, kind, status, product_id, option_id, plan_name, package_type, contract_month, monthly_price, period_price, created_at)
      select ${account!.id}, o.id, 'normal', 'awaitingShipment', 'ME_P', 'ME_Plan_1', 'プラン', 'original', 1, ${monthlyPrice}, ${monthlyPrice}, ${`${created}T09:00:00+09:00`}::timestamptz from o
      returning id`),
  );
  const all: typeof events = [[created, 'created', null, 'awaitingShipment'], ...events];
  for (const [at, type, from, to, details] of all) {
    await db.execute(sql`insert into subscription_events (subscription_id, type, from_status, to_status, cause, details, at)
      values (${sub!.id}, ${type}, ${from}, ${to}, 'system', ${JSON.stringify(details ?? {})}::jsonb, ${`${at}T10:00:00+09:00`}::timestamptz)`);
  }
  return { accountId: account!.id, subscriptionId: sub!.id };
}

async function charge(owner: { accountId: string; subscriptionId: string }, key: string, fields: { kind: string; amount: number; succeededAt: string; firstFailedOn?: string; monthlyPrice?: number }) {
  const plan = fields.monthlyPrice ? JSON.stringify({ productId: 'ME_P2', optionId: 'x', planName: 'x', packageType: 'original', contractMonth: 1, monthlyPrice: fields.monthlyPrice, periodPrice: fields.monthlyPrice, safetyPlan: false }) : null;
  await app.ctx.database.db.execute(sql`
    insert into charges (account_id, subscription_id, kind, period_start, amount, description, status, idempotency_key, plan, first_failed_on, succeeded_at)
    values (${owner.accountId}, ${owner.subscriptionId}, ${fields.kind}, ${fields.succeededAt}, ${fields.amount}, 'x', 'succeeded', ${key}, ${plan}::jsonb, ${fields.firstFailedOn ?? null}, ${`${fields.succeededAt}T10:00:00+09:00`}::timestamptz)`);
}

/**
 * The hand-computed ledger (prices tax included; tax excluded = price − round(price − price/1.1)):
 * A 4,620 from January, switched up to 8,800 on 10 February (expansion 4,180);
 * B 8,800 from January, switched down to 4,620 on 5 March (contraction 4,180);
 * C 6,600 from January, cancelled on 20 February (reasons price, schedule), ended 16 March (churn 6,600);
 * D 4,620 from February, its March charge failed on the 9th and was paid on the 12th (recovered);
 * E started a trial on 2 March and cancelled in it on the 5th (reason notUsing): never revenue.
 */
describe('the dashboard figures (product decision 33)', () => {
  it('match the hand-computed ledger, month by month', async () => {
    const a = await subscriptionWithHistory('a', 4620, '2026-01-03', [
      ['2026-01-05', 'shipped', 'awaitingShipment', 'trialing'],
      ['2026-01-12', 'charged', 'trialing', 'active'],
      ['2026-02-10', 'switched', 'active', 'active'],
    ]);
    await charge(a, 'a-switch', { kind: 'switch', amount: 8800, succeededAt: '2026-02-10', monthlyPrice: 8800 });
    const b = await subscriptionWithHistory('b', 8800, '2026-01-04', [
      ['2026-01-06', 'shipped', 'awaitingShipment', 'trialing'],
      ['2026-01-13', 'charged', 'trialing', 'active'],
      ['2026-03-05', 'switched', 'active', 'active'],
    ]);
    await charge(b, 'b-switch', { kind: 'switch', amount: 4620, succeededAt: '2026-03-05', monthlyPrice: 4620 });
    await subscriptionWithHistory('c', 6600, '2026-01-08', [
      ['2026-01-09', 'shipped', 'awaitingShipment', 'trialing'],
      ['2026-01-16', 'charged', 'trialing', 'active'],
      ['2026-02-20', 'cancelRequested', 'active', 'cancelRequested', { reasons: ['price', 'schedule'] }],
      ['2026-03-16', 'periodEnded', 'cancelRequested', 'ended'],
    ]);
    const d = await subscriptionWithHistory('d', 4620, '2026-02-01', [
      ['2026-02-02', 'shipped', 'awaitingShipment', 'trialing'],
      ['2026-02-09', 'charged', 'trialing', 'active'],
      ['2026-03-09', 'chargeFailed', 'active', 'pastDue'],
      ['2026-03-12', 'charged', 'pastDue', 'active'],
    ]);
    await charge(d, 'd-march', { kind: 'period', amount: 4620, succeededAt: '2026-03-12', firstFailedOn: '2026-03-09' });
    await subscriptionWithHistory('e', 4620, '2026-03-01', [
      ['2026-03-02', 'shipped', 'awaitingShipment', 'trialing'],
      ['2026-03-05', 'cancelledAtOnce', 'trialing', 'ended', { reasons: ['notUsing'] }],
    ]);

    const owner = await adminBrowser(app);
    const response = await owner.get('/api/v2/admin/metrics?from=2025-12&to=2026-04');
    expect(response.status).toBe(200);
    const { months } = ((await response.json()) as { data: { months: MonthMetrics[] } }).data;
    const none = { newMrr: 0, expansionMrr: 0, contractionMrr: 0, churnedMrr: 0, trialsStarted: 0, trialsConverted: 0, failedRecovered: 0, cancellationsByReason: {} };
    expect(months).toEqual([
      { month: '2025-12', mrr: 0, mrrTaxIncluded: 0, ...none, subscribers: {} },
      // A 4,200 + B 8,000 + C 6,000 tax excluded.
      { month: '2026-01', mrr: 18200, mrrTaxIncluded: 20020, ...none, newMrr: 20020, trialsStarted: 3, trialsConverted: 3, subscribers: { active: 3 } },
      // A 8,800 + B 8,800 + C 6,600 (still paid for) + D 4,620.
      {
        month: '2026-02',
        mrr: 26200,
        mrrTaxIncluded: 28820,
        ...none,
        newMrr: 4620,
        expansionMrr: 4180,
        trialsStarted: 1,
        trialsConverted: 1,
        subscribers: { active: 3, cancelRequested: 1 },
        cancellationsByReason: { price: 1, schedule: 1 },
      },
      // A 8,800 + B 4,620 + D 4,620: 28,820 − 4,180 − 6,600.
      {
        month: '2026-03',
        mrr: 16400,
        mrrTaxIncluded: 18040,
        ...none,
        contractionMrr: 4180,
        churnedMrr: 6600,
        trialsStarted: 1,
        failedRecovered: 1,
        subscribers: { active: 3 },
        cancellationsByReason: { notUsing: 1 },
      },
      { month: '2026-04', mrr: 16400, mrrTaxIncluded: 18040, ...none, subscribers: { active: 3 } },
    ]);
    expect((await latestAuditEntries(app, 1, 'metricsView'))[0]).toMatchObject({ outcome: 'success', after: { range: { from: '2025-12', to: '2026-04' } } });

    // Today's rows change (C's row is rewritten, a status no one knew yet appears): past months do not.
    await app.ctx.database.db.execute(sql`update subscriptions set status = 'retrying', monthly_price = 1 where id = ${a.subscriptionId}`);
    const again = ((await (await owner.get('/api/v2/admin/metrics?from=2026-01&to=2026-03')).json()) as { data: { months: MonthMetrics[] } }).data.months;
    expect(again.map((month) => month.mrrTaxIncluded)).toEqual([20020, 28820, 18040]);
  });

  it('refuses a reversed or too long range with 400, and support with 403', async () => {
    const owner = await adminBrowser(app);
    for (const [query, code] of [
      ['from=2026-05&to=2026-01', 'invalidMonthRange'],
      ['from=2020-01&to=2026-01', 'invalidMonthRange'],
      ['from=2026-1&to=2026-02', 'invalidMonthRange'],
      ['', 'thisFieldIsRequired'],
    ]) {
      const response = await owner.get(`/api/v2/admin/metrics?${query}`);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { code: string }).code).toBe(code);
    }
    const support = await staffBrowser(app, 'support');
    expect((await support.get('/api/v2/admin/metrics?from=2026-01&to=2026-02')).status).toBe(403);
  });
});
