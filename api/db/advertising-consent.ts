import { and, eq, sql, type SQL } from 'drizzle-orm';
import { accounts, mailSuppressions } from './schema/index.ts';

/**
 * Who may be sent advertising mail right now: the account accepts event mail (product decision 19)
 * and its address is not suppressed (product decision 34). The one home of that rule, shared by the
 * features' queries: the mass mail's recipients and preview, the announcements' fan-out and the
 * outbox's last check before queueing (api/features/mail/queries.ts).
 */
export function acceptsAdvertisingMail(): SQL {
  return and(
    eq(accounts.eventMail, true),
    sql`not exists (select 1 from ${mailSuppressions} where ${mailSuppressions.email} = ${accounts.email} and ${mailSuppressions.suppressedAt} is not null)`,
  )!;
}
