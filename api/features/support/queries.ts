import { and, asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { accounts, mails, supportMessages, supportTickets } from '../../db/schema/index.ts';
import type { TicketStatus } from '../../../src/domain/support-schemas.ts';

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
}

export async function insertTicket(db: Database, ticket: NewTicket): Promise<{ id: string; number: number }> {
  const [row] = await db.insert(supportTickets).values(ticket).returning({ id: supportTickets.id, number: supportTickets.number });
  return row!;
}

export async function insertMessage(db: Database, message: NewMessage): Promise<void> {
  await db.insert(supportMessages).values(message);
}

export async function findTicket(db: Database, id: string): Promise<TicketRow | undefined> {
  return (await db.select().from(supportTickets).where(eq(supportTickets.id, id)))[0];
}

/** The ticket, locked until the transaction ends (one reply or status change at a time). */
export async function lockTicket(db: Database, id: string): Promise<TicketRow | undefined> {
  return (await db.select().from(supportTickets).where(eq(supportTickets.id, id)).for('update'))[0];
}

export async function updateTicketStatus(db: Database, id: string, status: TicketStatus, at: Date): Promise<void> {
  await db.update(supportTickets).set({ status, updatedAt: at }).where(eq(supportTickets.id, id));
}

/** LIKE's wildcards in what someone typed match themselves. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

function searchCondition(filter: TicketFilter): SQL | undefined {
  const search: (SQL | undefined)[] = [];
  if (filter.emailContains) search.push(ilike(supportTickets.email, `%${escapeLike(filter.emailContains)}%`));
  if (filter.number !== null) search.push(eq(supportTickets.number, filter.number));
  return and(search.length ? or(...search) : undefined, filter.accountId ? eq(supportTickets.accountId, filter.accountId) : undefined);
}

/** One page of tickets, newest first, and how many match. */
export async function listTickets(db: Database, filter: TicketFilter, page: { limit: number; offset: number }): Promise<{ rows: TicketRow[]; total: number }> {
  const where = and(searchCondition(filter), filter.status ? eq(supportTickets.status, filter.status) : undefined);
  const [rows, [total]] = await Promise.all([
    db.select().from(supportTickets).where(where).orderBy(desc(supportTickets.createdAt), desc(supportTickets.number)).limit(page.limit).offset(page.offset),
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
