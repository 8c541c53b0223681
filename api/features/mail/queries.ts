import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { acceptsAdvertisingMail } from '../../db/advertising-consent.ts';
import type { Database } from '../../db/client.ts';
import { accounts, mailSuppressions, mails, type MailStatus } from '../../db/schema/index.ts';

export type MailRow = typeof mails.$inferSelect;

type NewMail = Pick<typeof mails.$inferInsert, 'template' | 'toAddress' | 'subject' | 'text' | 'html' | 'dedupeKey' | 'headers' | 'attachments' | 'status'>;

/**
 * Many mails in one statement, each with the id the caller made for it; the ids actually inserted
 * come back (a mail whose dedupe key was queued before is left out).
 */
export async function insertMails(db: Database, rows: (NewMail & { id: string })[]): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const inserted = await db.insert(mails).values(rows).onConflictDoNothing().returning({ id: mails.id });
  return new Set(inserted.map((row) => row.id));
}

export async function findMails(db: Database, ids: string[]): Promise<MailRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(mails).where(inArray(mails.id, ids));
}

/** Marks many mails sent (or kept) in one statement, each with its provider's message id. */
export async function markMailsDone(db: Database, status: 'sent' | 'kept', done: { id: string; providerMessageId?: string | undefined }[]): Promise<void> {
  if (done.length === 0) return;
  const rows = JSON.stringify(done.map((row) => ({ id: row.id, message_id: row.providerMessageId ?? null })));
  const sent = status === 'sent' ? sql`, sent_at = ${new Date().toISOString()}::timestamptz, provider_message_id = v.message_id` : sql``;
  await db.execute(sql`
    update mails set status = ${status}, attempts = mails.attempts + 1 ${sent}
    from jsonb_to_recordset(${rows}::jsonb) as v(id uuid, message_id text)
    where mails.id = v.id`);
}

export async function findMail(db: Database, id: string): Promise<MailRow | undefined> {
  const rows = await db.select().from(mails).where(eq(mails.id, id)).limit(1);
  return rows[0];
}

export async function listRecentMails(db: Database, limit = 100): Promise<MailRow[]> {
  return db.select().from(mails).orderBy(desc(mails.createdAt)).limit(limit);
}

export async function markMail(db: Database, id: string, status: MailStatus, details: { providerMessageId?: string; lastError?: string } = {}): Promise<void> {
  await db
    .update(mails)
    .set({
      status,
      attempts: sql`${mails.attempts} + 1`,
      ...(status === 'sent' ? { sentAt: new Date(), providerMessageId: details.providerMessageId ?? null } : {}),
      ...(details.lastError !== undefined ? { lastError: details.lastError.slice(0, 500) } : {}),
    })
    .where(eq(mails.id, id));
}

/** Marks a mail failed for good without counting an attempt (its job ran out of retries). */
export async function setMailFailed(db: Database, id: string, lastError: string): Promise<void> {
  await db.update(mails).set({ status: 'failed', lastError: lastError.slice(0, 500) }).where(eq(mails.id, id));
}

/** Of these accounts, the ones that accept event and advertising mail right now (product decision 19). */
export async function findConsentingRecipients(db: Database, accountIds: string[]) {
  if (accountIds.length === 0) return [];
  return db
    .select({ accountId: accounts.id, email: accounts.email, lastName: accounts.lastName, firstName: accounts.firstName })
    .from(accounts)
    .where(
      and(inArray(accounts.id, accountIds), acceptsAdvertisingMail()),
    )
    .orderBy(accounts.id);
}

/** Of these addresses (lower case), the suppressed ones (product decision 34). */
export async function findSuppressedAddresses(db: Database, emails: string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await db
    .select({ email: mailSuppressions.email })
    .from(mailSuppressions)
    .where(and(inArray(mailSuppressions.email, [...new Set(emails)]), isNotNull(mailSuppressions.suppressedAt)));
  return new Set(rows.map((row) => row.email));
}

/** Held mails to an address back to queued; their ids. */
export async function requeueHeldMails(db: Database, email: string): Promise<string[]> {
  const rows = await db
    .update(mails)
    .set({ status: 'queued' })
    .where(and(sql`lower(${mails.toAddress}) = ${email}`, eq(mails.status, 'held')))
    .returning({ id: mails.id });
  return rows.map((row) => row.id);
}
