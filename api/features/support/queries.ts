import { and, asc, count, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { accounts, mails, supportMessages, supportTickets } from '../../db/schema/index.ts';
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
export type TicketWithAssignee = { ticket: TicketRow; assigneeLastName: string | null; assigneeFirstName: string | null };

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
