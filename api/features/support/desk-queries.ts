import { asc, desc, eq, ilike, inArray, or } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { accounts, cannedReplies, supportAttachments, supportNotes, supportRefusedMails } from '../../db/schema/index.ts';

/** The support desk's tables (product decision 31): notes, attachments, refused mails, canned replies, staff. */
export type AttachmentRow = typeof supportAttachments.$inferSelect;
export type CannedReplyRow = typeof cannedReplies.$inferSelect;
export type RefusedMailRow = typeof supportRefusedMails.$inferSelect;

export async function insertNote(db: Database, note: typeof supportNotes.$inferInsert): Promise<void> {
  await db.insert(supportNotes).values(note);
}

export async function listNotes(db: Database, ticketId: string) {
  return db
    .select({ id: supportNotes.id, body: supportNotes.body, createdAt: supportNotes.createdAt, staffLastName: accounts.lastName, staffFirstName: accounts.firstName })
    .from(supportNotes)
    .leftJoin(accounts, eq(accounts.id, supportNotes.staffAccountId))
    .where(eq(supportNotes.ticketId, ticketId))
    .orderBy(asc(supportNotes.createdAt), asc(supportNotes.id));
}

/** False when a key was claimed by another message before (each file belongs to one message). */
export async function insertAttachments(db: Database, rows: (typeof supportAttachments.$inferInsert)[]): Promise<boolean> {
  if (rows.length === 0) return true;
  const inserted = await db.insert(supportAttachments).values(rows).onConflictDoNothing().returning({ id: supportAttachments.id });
  return inserted.length === rows.length;
}

export async function listAttachments(db: Database, ticketId: string): Promise<AttachmentRow[]> {
  return db.select().from(supportAttachments).where(eq(supportAttachments.ticketId, ticketId)).orderBy(asc(supportAttachments.createdAt), asc(supportAttachments.fileName));
}

export async function findAttachment(db: Database, id: string): Promise<AttachmentRow | undefined> {
  return (await db.select().from(supportAttachments).where(eq(supportAttachments.id, id)))[0];
}

export async function insertRefusedMail(db: Database, row: typeof supportRefusedMails.$inferInsert): Promise<boolean> {
  const inserted = await db.insert(supportRefusedMails).values(row).onConflictDoNothing().returning({ id: supportRefusedMails.id });
  return inserted.length > 0;
}

export async function listRefusedMails(db: Database, ticketId: string): Promise<RefusedMailRow[]> {
  return db.select().from(supportRefusedMails).where(eq(supportRefusedMails.ticketId, ticketId)).orderBy(asc(supportRefusedMails.receivedAt));
}

/** LIKE's wildcards in what someone typed match themselves. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

export async function listCannedReplies(db: Database, q: string): Promise<CannedReplyRow[]> {
  const pattern = `%${escapeLike(q)}%`;
  return db
    .select()
    .from(cannedReplies)
    .where(q ? or(ilike(cannedReplies.title, pattern), ilike(cannedReplies.body, pattern)) : undefined)
    .orderBy(asc(cannedReplies.title), desc(cannedReplies.updatedAt))
    .limit(200);
}

export async function findCannedReply(db: Database, id: string): Promise<CannedReplyRow | undefined> {
  return (await db.select().from(cannedReplies).where(eq(cannedReplies.id, id)))[0];
}

export async function insertCannedReply(db: Database, row: typeof cannedReplies.$inferInsert): Promise<CannedReplyRow> {
  const [inserted] = await db.insert(cannedReplies).values(row).returning();
  return inserted!;
}

export async function updateCannedReply(db: Database, id: string, change: Pick<CannedReplyRow, 'title' | 'body' | 'updatedAt'>): Promise<CannedReplyRow | undefined> {
  return (await db.update(cannedReplies).set(change).where(eq(cannedReplies.id, id)).returning())[0];
}

export async function deleteCannedReply(db: Database, id: string): Promise<boolean> {
  return (await db.delete(cannedReplies).where(eq(cannedReplies.id, id)).returning({ id: cannedReplies.id })).length > 0;
}

/**
 * Who can own a ticket: the console's staff accounts. Today that is the `admin` role; the console
 * roles of product decision 32 narrow it to owner and support when they land.
 */
export const STAFF_ROLES = ['admin'] as const;

export async function listStaff(db: Database) {
  return db.select({ id: accounts.id, lastName: accounts.lastName, firstName: accounts.firstName }).from(accounts).where(inArray(accounts.role, [...STAFF_ROLES])).orderBy(asc(accounts.lastName), asc(accounts.firstName));
}

export async function isStaff(db: Database, accountId: string): Promise<boolean> {
  const [row] = await db.select({ role: accounts.role }).from(accounts).where(eq(accounts.id, accountId));
  return Boolean(row && (STAFF_ROLES as readonly string[]).includes(row.role));
}
