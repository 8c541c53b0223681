/**
 * The hand-written baseline's work for bench:api, without any server around it (baseline-server.ts
 * serves it from node:http, framework-server.ts from h3): what our two most frequent reads do,
 * answering the same bytes:
 * - GET /api/auth/session: one prepared query joining session and account, the same columns, a
 *   constant-time comparison of the secret's hash, the same JSON;
 * - GET /api/v2/userdata: the same session check, then the fields shown of the live plans with each
 *   one's open plan charge (the same one query, built as JSON by PostgreSQL), and the card, in the
 *   same order and shape; the 次回お支払日 case from the same pure domain rule, as a hand-written
 *   handler would import it.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import postgres from 'postgres';
import { nextPaymentLine, paymentDayOf } from '../../src/domain/billing/next-action.ts';

export const sql = postgres(process.env.DATABASE_URL!, { max: 10 });

/** The session a bearer token names, if valid: one prepared query, the hash compared in constant time. */
export async function sessionOf(authorization: string | null | undefined) {
  const match = /^Bearer ([a-z2-7]{24})\.([a-z2-7]{24})$/.exec(authorization ?? '');
  if (!match) return undefined;
  const [row] = await sql`
    select s.id as session_id, s.secret_hash, s.kind, s.last_used_at, s.idle_expires_at, s.absolute_expires_at, s.second_factor_at,
      a.id, a.email, a.first_name, a.last_name, a.role, a.console_role,
      exists (select 1 from subscriptions u where u.account_id = a.id) as is_signed_up,
      exists (select 1 from cards c where c.account_id = a.id) as has_card
    from sessions s join accounts a on a.id = s.account_id where s.id = ${match[1]!}`;
  const presented = Buffer.from(createHash('sha256').update(match[2]!).digest('hex'));
  const now = new Date();
  if (!row || !timingSafeEqual(presented, Buffer.from(row.secret_hash)) || row.idle_expires_at <= now || row.absolute_expires_at <= now) return undefined;
  return row;
}

/** Midnight in Japan of an ISO date, in unix seconds (what next_pay_at is). */
const tokyoMidnight = (isoDate: string | null) => (isoDate ? Math.floor(Date.parse(`${isoDate}T00:00:00+09:00`) / 1000) : null);

/** An open plan charge as the domain rule reads it (PostgreSQL built it under these names). */
const openChargeOf = (charge: postgres.Row) => ({
  status: charge.status === 'requiresAction' || charge.status === 'processing' || charge.status === 'pending' ? charge.status : ('failed' as const),
  periodStart: charge.periodStart,
  failures: charge.attempts,
  firstFailedOn: charge.firstFailedOn,
  failureCode: charge.failureCode,
  isStale: false,
});

export type BaselineSession = NonNullable<Awaited<ReturnType<typeof sessionOf>>>;

/** GET /api/v2/userdata's data. */
export async function userdata(session: BaselineSession) {
  // The live plans' shown fields with their open plan charge, built as JSON in one query (distinct on), as ours reads them.
  const [rows, [card]] = await Promise.all([
    sql`
      select distinct on (case s.kind when 'normal' then 0 else 1 end, s.created_at, s.id) json_build_object(
        'kind', s.kind, 'status', s.status, 'planName', s.plan_name, 'productId', s.product_id, 'optionId', s.option_id,
        'lessonAccountId', s.lesson_account_id, 'trialEndsOn', s.trial_ends_on, 'currentPeriodEnd', s.current_period_end, 'endsOn', s.ends_on,
        'open', case when c.id is null then null else json_build_object(
          'status', c.status, 'periodStart', c.period_start, 'attempts', c.attempts, 'firstFailedOn', c.first_failed_on, 'failureCode', c.failure_code) end) as plan
      from subscriptions s
      left join charges c on c.subscription_id = s.id and c.kind = 'period' and c.status in ('pending', 'processing', 'requiresAction', 'failed')
      where s.account_id = ${session.id} and s.status <> 'ended'
      order by case s.kind when 'normal' then 0 else 1 end, s.created_at desc, s.id, c.created_at desc`,
    sql`select customer_id from cards where account_id = ${session.id}`,
  ]);
  return rows.map(({ plan }) => {
    const line = nextPaymentLine({
      status: plan.status,
      trialEndsOn: plan.trialEndsOn,
      currentPeriodEnd: plan.currentPeriodEnd,
      endsOn: plan.endsOn,
      openCharge: plan.open ? openChargeOf(plan.open) : null,
    });
    return {
      plan: plan.planName,
      product_id: plan.productId,
      option: plan.optionId,
      kind: plan.kind,
      status: plan.status,
      last_name: session.last_name,
      first_name: session.first_name,
      email: session.email,
      next_pay_at: tokyoMidnight(paymentDayOf(line)),
      next_payment: line,
      kimini: plan.lessonAccountId ? { id: plan.lessonAccountId } : null,
      stripe_id: card?.customer_id ?? null,
    };
  });
}

/** GET /api/auth/session's reply. */
export function sessionReply(session: BaselineSession) {
  return {
    status: 'success',
    data: {
      email: session.email,
      name: `${session.last_name} ${session.first_name}`,
      lastName: session.last_name,
      firstName: session.first_name,
      isAdmin: session.role === 'admin',
      isStaff: session.role === 'staff',
      isSignedUp: session.is_signed_up,
      hasCard: session.has_card,
    },
  };
}
