/**
 * The hand-written baseline's work for bench:api, without any server around it (baseline-server.ts
 * serves it from node:http, framework-server.ts from h3): what our two most frequent reads do,
 * answering the same bytes:
 * - GET /api/auth/session: one prepared query joining session and account, the same columns, a
 *   constant-time comparison of the secret's hash, the same JSON;
 * - GET /api/v2/userdata: the same session check, then the live subscriptions, each one's open plan
 *   charge (one query), and the card, in the same order and shape; the 次回お支払日 case from the
 *   same pure domain rule, as a hand-written handler would import it.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import postgres from 'postgres';
import { nextPaymentLine } from '../../src/domain/billing/next-action.ts';

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

/** An open plan charge as the domain rule reads it. */
const openChargeOf = (charge: postgres.Row) => ({
  status: charge.status === 'requiresAction' || charge.status === 'processing' || charge.status === 'pending' ? charge.status : ('failed' as const),
  periodStart: charge.period_start,
  failures: charge.attempts,
  firstFailedOn: charge.first_failed_on,
  failureCode: charge.failure_code,
  isStale: false,
});

export type BaselineSession = NonNullable<Awaited<ReturnType<typeof sessionOf>>>;

/** GET /api/v2/userdata's data. */
export async function userdata(session: BaselineSession) {
  // The live subscriptions with their open plan charge in one query (distinct on), as ours reads them.
  const [rows, [card]] = await Promise.all([
    sql`
      select distinct on (case s.kind when 'normal' then 0 else 1 end, s.created_at, s.id) to_jsonb(s) as sub, to_jsonb(c) as charge from subscriptions s
      left join charges c on c.subscription_id = s.id and c.kind = 'period' and c.status in ('pending', 'processing', 'requiresAction', 'failed')
      where s.account_id = ${session.id} and s.status <> 'ended'
      order by case s.kind when 'normal' then 0 else 1 end, s.created_at desc, s.id, c.created_at desc`,
    sql`select customer_id from cards where account_id = ${session.id}`,
  ]);
  const live = rows.map((row) => row.sub);
  const charges = rows.map((row) => (row.charge ? [row.charge] : []));
  return live.map((sub, index) => ({
    plan: sub.plan_name,
    product_id: sub.product_id,
    option: sub.option_id,
    kind: sub.kind,
    status: sub.status,
    last_name: session.last_name,
    first_name: session.first_name,
    email: session.email,
    next_pay_at: tokyoMidnight(charges[index]![0] ? null : sub.status === 'trialing' ? sub.trial_ends_on : sub.status === 'active' ? sub.current_period_end : null),
    next_payment: nextPaymentLine({
      status: sub.status,
      trialEndsOn: sub.trial_ends_on,
      currentPeriodEnd: sub.current_period_end,
      endsOn: sub.ends_on,
      openCharge: charges[index]![0] ? openChargeOf(charges[index]![0]) : null,
    }),
    kimini: sub.lesson_account_id ? { id: sub.lesson_account_id } : null,
    stripe_id: card?.customer_id ?? null,
  }));
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
