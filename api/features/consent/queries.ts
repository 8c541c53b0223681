import { and, desc, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { accounts, consentEvents, type ConsentSource } from '../../db/schema/index.ts';

/** Sets the member's event-mail choice; true when it changed. */
export async function updateEventMail(db: Database, accountId: string, granted: boolean, now: Date): Promise<boolean> {
  const rows = await db
    .update(accounts)
    .set({ eventMail: granted, updatedAt: now })
    .where(and(eq(accounts.id, accountId), ne(accounts.eventMail, granted)))
    .returning({ id: accounts.id });
  return rows.length > 0;
}

export async function insertConsentEvent(
  db: Database,
  event: { accountId: string; granted: boolean; source: ConsentSource; ip: string | null; at: Date },
): Promise<void> {
  await db.insert(consentEvents).values({ ...event, purpose: 'eventMail' });
}

export async function listConsentEvents(db: Database, accountId: string, limit = 50) {
  return db
    .select({ granted: consentEvents.granted, source: consentEvents.source, at: consentEvents.at })
    .from(consentEvents)
    .where(eq(consentEvents.accountId, accountId))
    .orderBy(desc(consentEvents.at))
    .limit(limit);
}
