import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { accounts, cannedReplies, mails, supportAttachments, supportMessages, supportNotes, supportRefusedMails, supportTickets } from '../../db/schema/index.ts';
import { can, consoleRoles } from '../../../src/domain/admin/permissions.ts';
import type { TicketStatus } from '../../../src/domain/support-schemas.ts';
import type { TicketSort } from '../../../src/domain/support/desk.ts';

export type TicketRow = typeof supportTickets.$inferSelect;
export type NewTicket = Omit<typeof supportTickets.$inferInsert, 'id' | 'number'>;
export type NewMessage = Omit<typeof supportMessages.$inferInsert, 'id'>;

export interface TicketFilter {
  status: TicketStatus | '';
  /** Part of the sender's email address. */
  emailContains: string;
  /** The ticket with this number (what staff type: S-001024). */
  number: number | null;
  accountId: string;
  /** '' everyone's; an account id: that staff member's; null: nobody's. */
  assigneeId: string | null | '';
}

const assignees = alias(accounts, 'assignees');
/** A ticket row with its assignee's name (the list and the detail show who owns it). */
const ticketWithAssignee = { ticket: supportTickets, assigneeLastName: assignees.lastName, assigneeFirstName: assignees.firstName };
export interface TicketWithAssignee {
  ticket: TicketRow;
  assigneeLastName: string | null;
  assigneeFirstName: string | null;
}

export async function insertTicket(db: Database, ticket: NewTicket): Promise<{ id: string; number: number; replyToken: string }> {
  const [row] = await db.insert(supportTickets).values(ticket).returning({ id: supportTickets.id, number: supportTickets.number, replyToken: supportTickets.replyToken });
  return row!;
}

/** The message's id; undefined when a mail with the same Message-ID was stored before. */
export async function insertMessage(db: Database, message: NewMessage): Promise<string | undefined> {
  const [row] = await db.insert(supportMessages).values(message).onConflictDoNothing().returning({ id: supportMessages.id });
  return row?.id;
}

export async function findTicket(db: Database, id: string): Promise<TicketWithAssignee | undefined> {
  return (await db.select(ticketWithAssignee).from(supportTickets).leftJoin(assignees, eq(assignees.id, supportTickets.assigneeId)).where(eq(supportTickets.id, id)))[0];
}

export async function setMessageMail(db: Database, messageId: string, mailId: string | null): Promise<void> {
  await db.update(supportMessages).set({ mailId }).where(eq(supportMessages.id, messageId));
}

export async function findTicketByToken(db: Database, token: string): Promise<TicketRow | undefined> {
  return (await db.select().from(supportTickets).where(eq(supportTickets.replyToken, token)))[0];
}

export async function findTicketByNumber(db: Database, number: number): Promise<TicketRow | undefined> {
  return (await db.select().from(supportTickets).where(eq(supportTickets.number, number)))[0];
}

/** The ticket, locked until the transaction ends (one reply or status change at a time). */
export async function lockTicket(db: Database, id: string): Promise<TicketRow | undefined> {
  return (await db.select().from(supportTickets).where(eq(supportTickets.id, id)).for('update'))[0];
}

export async function updateTicket(db: Database, id: string, change: Partial<Pick<TicketRow, 'status' | 'assigneeId' | 'waitingSince'>>, at: Date): Promise<void> {
  await db.update(supportTickets).set({ ...change, updatedAt: at }).where(eq(supportTickets.id, id));
}

/** LIKE's wildcards in what someone typed match themselves. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

function searchCondition(filter: TicketFilter): SQL | undefined {
  const search: (SQL | undefined)[] = [];
  if (filter.emailContains) search.push(ilike(supportTickets.email, `%${escapeLike(filter.emailContains)}%`));
  if (filter.number !== null) search.push(eq(supportTickets.number, filter.number));
  const owner = filter.assigneeId === '' ? undefined : filter.assigneeId === null ? isNull(supportTickets.assigneeId) : eq(supportTickets.assigneeId, filter.assigneeId);
  return and(search.length ? or(...search) : undefined, filter.accountId ? eq(supportTickets.accountId, filter.accountId) : undefined, owner);
}

/** newest: by arrival; waiting: the longest wait first, answered tickets after (the clock's order). */
const orderOf = (sort: TicketSort) =>
  sort === 'waiting'
    ? [sql`${supportTickets.waitingSince} asc nulls last`, desc(supportTickets.createdAt), desc(supportTickets.number)]
    : [desc(supportTickets.createdAt), desc(supportTickets.number)];

/** One page of tickets in the chosen order, and how many match. */
export async function listTickets(db: Database, filter: TicketFilter, page: { limit: number; offset: number; sort: TicketSort }): Promise<{ rows: TicketWithAssignee[]; total: number }> {
  const where = and(searchCondition(filter), filter.status ? eq(supportTickets.status, filter.status) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select(ticketWithAssignee)
      .from(supportTickets)
      .leftJoin(assignees, eq(assignees.id, supportTickets.assigneeId))
      .where(where)
      .orderBy(...orderOf(page.sort))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(supportTickets).where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
}

/** Tickets per status for the same search, whatever status tab is open. */
export async function countTicketsByStatus(db: Database, filter: TicketFilter): Promise<{ status: TicketStatus; total: number }[]> {
  return db
    .select({ status: supportTickets.status, total: count() })
    .from(supportTickets)
    .where(searchCondition(filter))
    .groupBy(supportTickets.status);
}

/** The conversation, oldest first, with the staff author's name and the reply mail's delivery. */
export async function listMessages(db: Database, ticketId: string) {
  return db
    .select({
      id: supportMessages.id,
      author: supportMessages.author,
      body: supportMessages.body,
      mailMessageId: supportMessages.mailMessageId,
      createdAt: supportMessages.createdAt,
      staffLastName: accounts.lastName,
      staffFirstName: accounts.firstName,
      mailStatus: mails.status,
    })
    .from(supportMessages)
    .leftJoin(accounts, eq(accounts.id, supportMessages.staffAccountId))
    .leftJoin(mails, eq(mails.id, supportMessages.mailId))
    .where(eq(supportMessages.ticketId, ticketId))
    .orderBy(asc(supportMessages.createdAt), asc(supportMessages.id));
}

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

/** Refused mail that named no real ticket (a forged token without a ticket number), newest first. */
export async function listUnattachedRefusedMails(db: Database, limit: number): Promise<RefusedMailRow[]> {
  return db.select().from(supportRefusedMails).where(isNull(supportRefusedMails.ticketId)).orderBy(desc(supportRefusedMails.receivedAt)).limit(limit);
}

export async function listRefusedMails(db: Database, ticketId: string): Promise<RefusedMailRow[]> {
  return db.select().from(supportRefusedMails).where(eq(supportRefusedMails.ticketId, ticketId)).orderBy(asc(supportRefusedMails.receivedAt));
}

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

/** Who can own a ticket: console accounts whose role works the support desk (the permission table). */
const deskRoles = () => consoleRoles.filter((role) => can(role, 'support.desk'));

export async function listStaff(db: Database) {
  return db.select({ id: accounts.id, lastName: accounts.lastName, firstName: accounts.firstName }).from(accounts).where(and(eq(accounts.role, 'admin'), inArray(accounts.consoleRole, deskRoles()))).orderBy(asc(accounts.lastName), asc(accounts.firstName));
}

export async function isStaff(db: Database, accountId: string): Promise<boolean> {
  const [row] = await db.select({ role: accounts.role, consoleRole: accounts.consoleRole }).from(accounts).where(eq(accounts.id, accountId));
  return Boolean(row && row.role === 'admin' && row.consoleRole && deskRoles().includes(row.consoleRole));
}
