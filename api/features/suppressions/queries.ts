import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { BounceKind, SuppressionState } from '../../../src/domain/mail/suppression.ts';
import type { Database } from '../../db/client.ts';
import { mailBounces, mails, mailSuppressions } from '../../db/schema/index.ts';

export async function insertBounce(db: Database, bounce: { email: string; kind: BounceKind; source: string; mailId: string | null; createdAt: Date }): Promise<void> {
  await db.insert(mailBounces).values(bounce);
}

/** The address's row, made when missing and locked for the change (two reports at once count twice). */
export async function lockSuppression(db: Database, email: string, now: Date) {
  await db.insert(mailSuppressions).values({ email, updatedAt: now }).onConflictDoNothing();
  const [row] = await db.select().from(mailSuppressions).where(eq(mailSuppressions.email, email)).for('update');
  return row!;
}

export async function updateSuppression(db: Database, email: string, state: SuppressionState, changes: { source: string | null; suppressedAt: Date | null; updatedAt: Date }): Promise<void> {
  await db
    .update(mailSuppressions)
    .set({ softBouncesInARow: state.softBouncesInARow, reason: state.reason, ...changes })
    .where(eq(mailSuppressions.email, email));
}

export async function listSuppressed(db: Database) {
  return db.select().from(mailSuppressions).where(isNotNull(mailSuppressions.suppressedAt)).orderBy(desc(mailSuppressions.suppressedAt)).limit(500);
}

export async function findSuppressed(db: Database, email: string) {
  const [row] = await db
    .select()
    .from(mailSuppressions)
    .where(and(eq(mailSuppressions.email, email), isNotNull(mailSuppressions.suppressedAt)))
    .for('update');
  return row;
}

export async function listBouncesOf(db: Database, emails: string[], perAddress = 5) {
  if (emails.length === 0) return [];
  return db
    .select({ email: mailBounces.email, kind: mailBounces.kind, source: mailBounces.source, createdAt: mailBounces.createdAt })
    .from(mailBounces)
    .where(and(inArray(mailBounces.email, emails), sql`${mailBounces.id} in (select b.id from mail_bounces b where b.email = ${mailBounces.email} order by b.created_at desc limit ${perAddress})`))
    .orderBy(desc(mailBounces.createdAt));
}

export async function listHeldMailsTo(db: Database, emails: string[]) {
  if (emails.length === 0) return [];
  return db
    .select({ id: mails.id, toAddress: mails.toAddress, subject: mails.subject, createdAt: mails.createdAt })
    .from(mails)
    .where(and(inArray(mails.toAddress, emails), eq(mails.status, 'held')))
    .orderBy(desc(mails.createdAt));
}
