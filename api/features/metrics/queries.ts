import { sql } from 'drizzle-orm';
import { revenueStatuses } from '../../../src/domain/admin/metrics.ts';
import type { Database } from '../../db/client.ts';

const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows);

export interface MonthRow {
  month: string;
  mrr: number;
  mrr_tax_excluded: number;
  new_mrr: number;
  expansion_mrr: number;
  contraction_mrr: number;
  churned_mrr: number;
  trials_started: number;
  trials_converted: number;
  failed_recovered: number;
}

/**
 * Monthly recurring revenue and its movements (product decision 33), from history only: each
 * subscription's status at a moment is the `to_status` of its last event before it, and its monthly
 * price the price of its last succeeded plan switch before it (charges.plan), or of its order.
 * Each month compares every subscription at the month's start and end: new (from nothing),
 * expansion and contraction (a higher or lower price), churn (to nothing). Tax: prices are tax
 * included; the tax excluded figure removes 10 % per subscription as src/domain/plans/pricing.ts does.
 */
export async function monthlyRevenue(db: Database, from: string, to: string): Promise<MonthRow[]> {
  const paying = sql.raw(revenueStatuses.map((status) => `'${status}'`).join(', '));
  const statusAt = (at: string) => sql.raw(`(select e.to_status from subscription_events e
      where e.subscription_id = s.id and e.to_status is not null and e.at < ${at}
      order by e.at desc, e.id desc limit 1)`);
  const priceAt = (at: string) => sql.raw(`coalesce((select (c.plan->>'monthlyPrice')::int from charges c
      where c.subscription_id = s.id and c.kind = 'switch' and c.status = 'succeeded' and c.succeeded_at < ${at}
      order by c.succeeded_at desc limit 1), o.monthly_price)`);
  const result = await db.execute(sql`
    with months as (
      select to_char(m, 'YYYY-MM') as month,
        (m::timestamp at time zone 'Asia/Tokyo') as start_at,
        ((m + interval '1 month')::timestamp at time zone 'Asia/Tokyo') as end_at
      from generate_series(${`${from}-01`}::date, ${`${to}-01`}::date, interval '1 month') as m
    ),
    states as (
      select months.month,
        case when ${statusAt('months.start_at')} in (${paying}) then ${priceAt('months.start_at')} else 0 end as before,
        case when ${statusAt('months.end_at')} in (${paying}) then ${priceAt('months.end_at')} else 0 end as after
      from months
      join subscriptions s on s.created_at < months.end_at
      join orders o on o.id = s.order_id
    ),
    revenue as (
      select month,
        sum(after)::int as mrr,
        sum(after - round(after - after / 1.1))::int as mrr_tax_excluded,
        sum(case when before = 0 and after > 0 then after else 0 end)::int as new_mrr,
        sum(case when before > 0 and after > before then after - before else 0 end)::int as expansion_mrr,
        sum(case when before > 0 and after > 0 and after < before then before - after else 0 end)::int as contraction_mrr,
        sum(case when before > 0 and after = 0 then before else 0 end)::int as churned_mrr
      from states group by month
    )
    select months.month,
      coalesce(r.mrr, 0) as mrr, coalesce(r.mrr_tax_excluded, 0) as mrr_tax_excluded,
      coalesce(r.new_mrr, 0) as new_mrr, coalesce(r.expansion_mrr, 0) as expansion_mrr,
      coalesce(r.contraction_mrr, 0) as contraction_mrr, coalesce(r.churned_mrr, 0) as churned_mrr,
      (select count(*)::int from subscription_events e where e.to_status = 'trialing' and e.from_status is distinct from 'trialing'
        and e.at >= months.start_at and e.at < months.end_at) as trials_started,
      (select count(*)::int from subscription_events e where e.from_status = 'trialing' and e.to_status in (${paying})
        and e.at >= months.start_at and e.at < months.end_at) as trials_converted,
      (select count(*)::int from charges c where c.status = 'succeeded' and c.first_failed_on is not null
        and c.succeeded_at >= months.start_at and c.succeeded_at < months.end_at) as failed_recovered
    from months left join revenue r on r.month = months.month
    order by months.month`);
  return rowsOf<MonthRow>(result);
}

/** Subscriptions at each month's end by their status then (ended ones left out; any status text is counted). */
export async function subscribersByStatus(db: Database, from: string, to: string): Promise<{ month: string; status: string; count: number }[]> {
  const result = await db.execute(sql`
    with months as (
      select to_char(m, 'YYYY-MM') as month, ((m + interval '1 month')::timestamp at time zone 'Asia/Tokyo') as end_at
      from generate_series(${`${from}-01`}::date, ${`${to}-01`}::date, interval '1 month') as m
    ),
    states as (
      select months.month, (select e.to_status from subscription_events e
        where e.subscription_id = s.id and e.to_status is not null and e.at < months.end_at
        order by e.at desc, e.id desc limit 1) as status
      from months join subscriptions s on s.created_at < months.end_at
    )
    select month, status, count(*)::int as count from states
    where status is not null and status <> 'ended'
    group by month, status order by month, status`);
  return rowsOf(result);
}

/** Cancellations per month by the reasons the member gave (a cancellation with several counts for each). */
export async function cancellationsByReason(db: Database, from: string, to: string): Promise<{ month: string; reason: string; count: number }[]> {
  const result = await db.execute(sql`
    select to_char(e.at at time zone 'Asia/Tokyo', 'YYYY-MM') as month, coalesce(r.reason, 'none') as reason, count(*)::int as count
    from subscription_events e
    left join lateral jsonb_array_elements_text(case when jsonb_typeof(e.details->'reasons') = 'array' then e.details->'reasons' else '[]'::jsonb end) as r(reason) on true
    where e.type in ('cancelRequested', 'cancelledAtOnce')
      and e.at >= (${`${from}-01`}::timestamp at time zone 'Asia/Tokyo')
      and e.at < ((${`${to}-01`}::date + interval '1 month')::timestamp at time zone 'Asia/Tokyo')
    group by 1, 2 order by 1, 2`);
  return rowsOf(result);
}
