import type { RecordInTransaction } from '../audit/record.ts';
import {
  formatTicketNumber,
  parseTicketNumber,
  TICKET_STATUSES,
  TICKETS_PAGE_SIZE,
  type SupportMailReply,
  type TicketDetail,
  type TicketList,
  type TicketStatus,
  type TicketSummary,
} from '../../../src/domain/support-schemas.ts';
import { normalizeEmail } from '../../../src/domain/auth-schemas.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { enforceRateLimit, rateLimitRules } from '../../lib/rate-limit.ts';
import type { AuthSession } from '../auth/sessions.ts';
import { hashSecret } from '../auth/tokens.ts';
import { queueMail } from '../mail/outbox.ts';
import { getMailSiteSettings } from '../mail/site-settings.ts';
import { supportInquiryMail, supportReceiptMail, supportReplyMail } from '../mail/templates/support.ts';
import {
  countTicketsByStatus,
  findTicket,
  insertMessage,
  insertTicket,
  listMessages,
  listTickets,
  lockTicket,
  updateTicketStatus,
  type TicketFilter,
  type TicketRow,
} from './queries.ts';
import type { SupportInquiry } from '../../../src/domain/support-schemas.ts';

/** Where staff answer a ticket (the admin console's support section). */
export function ticketConsoleUrl(origin: string, ticketId: string): string {
  return `${origin}/admin/support?ticket=${ticketId}`;
}

/**
 * A contact-form inquiry becomes a ticket, a mail to the support address and a receipt to the
 * sender, all in one transaction: either all of it is kept (and the outbox delivers the mails,
 * retrying while SMTP is down) or nothing is. Limited per client address and per email address.
 */
export async function submitInquiry(
  ctx: AppContext,
  inquiry: SupportInquiry & { honeypot: string },
  from: { ip: string; session: AuthSession | undefined },
): Promise<SupportMailReply> {
  // Only bots fill the hidden field: refused before anything is counted, stored or sent.
  if (inquiry.honeypot.trim() !== '') {
    ctx.logger.info('support inquiry refused: honeypot filled', { ip: from.ip });
    throw new AppError('badRequest');
  }
  const { db } = ctx.database;
  const email = normalizeEmail(inquiry.email);
  await enforceRateLimit(db, `support:ip:${from.ip}`, rateLimitRules.supportPerIp);
  await enforceRateLimit(db, `support:email:${hashSecret(email)}`, rateLimitRules.supportPerEmail);

  const settings = await getMailSiteSettings();
  const now = ctx.clock.now();
  const sent = { ...inquiry, email };
  const ticket = await db.transaction(async (tx) => {
    const row = await insertTicket(tx, {
      accountId: from.session?.accountId ?? null,
      lastName: sent.lastName,
      firstName: sent.firstName,
      email,
      category: sent.category,
      title: sent.title,
      status: 'open',
      createdAt: now,
      updatedAt: now,
    });
    await insertMessage(tx, { ticketId: row.id, author: 'customer', body: sent.contents, createdAt: now });
    const info = { number: formatTicketNumber(row.number) };
    const consoleUrl = ticketConsoleUrl(ctx.config.publicOrigin, row.id);
    await queueMail(ctx, { template: 'support-inquiry', to: settings.email, content: supportInquiryMail(settings, { ticket: info, inquiry: sent, isMember: Boolean(from.session), consoleUrl }) }, tx);
    await queueMail(ctx, { template: 'support-receipt', to: email, content: supportReceiptMail(settings, { ticket: info, inquiry: sent }) }, tx);
    return { ticketId: row.id, ticketNumber: info.number };
  });
  ctx.logger.info('support ticket created', { ticketId: ticket.ticketId, member: Boolean(from.session) });
  return ticket;
}

function toSummary(row: TicketRow): TicketSummary {
  return {
    id: row.id,
    number: formatTicketNumber(row.number),
    status: row.status,
    category: row.category,
    title: row.title,
    lastName: row.lastName,
    firstName: row.firstName,
    email: row.email,
    accountId: row.accountId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The inbox: tickets of one status (or all), newest first, found by email or ticket number. */
export async function findTickets(ctx: AppContext, query: { status: TicketStatus | ''; q: string; accountId: string; page: number }): Promise<TicketList> {
  const { db } = ctx.database;
  const filter: TicketFilter = { status: query.status, emailContains: query.q, number: parseTicketNumber(query.q), accountId: query.accountId };
  const [{ rows, total }, counted] = await Promise.all([
    listTickets(db, filter, { limit: TICKETS_PAGE_SIZE, offset: (query.page - 1) * TICKETS_PAGE_SIZE }),
    countTicketsByStatus(db, filter),
  ]);
  const counts = Object.fromEntries(TICKET_STATUSES.map((status) => [status, counted.find((c) => c.status === status)?.total ?? 0])) as Record<TicketStatus, number>;
  return { rows: rows.map(toSummary), total, page: query.page, pageSize: TICKETS_PAGE_SIZE, counts };
}

/** One ticket with its conversation; 404 when there is none. */
export async function readTicket(ctx: AppContext, id: string): Promise<TicketDetail> {
  const { db } = ctx.database;
  const [row, messages] = await Promise.all([findTicket(db, id), listMessages(db, id)]);
  if (!row) throw new AppError('notFound');
  return {
    ...toSummary(row),
    messages: messages.map((message) => ({
      id: message.id,
      author: message.author,
      staffName: message.author === 'staff' && message.staffLastName !== null ? `${message.staffLastName} ${message.staffFirstName}` : null,
      body: message.body,
      createdAt: message.createdAt.toISOString(),
      mailStatus: message.mailStatus,
    })),
  };
}

export async function changeTicketStatus(ctx: AppContext, id: string, status: TicketStatus, audit: RecordInTransaction<{ number: string; before: TicketStatus }>): Promise<TicketDetail> {
  await ctx.database.db.transaction(async (tx) => {
    const row = await lockTicket(tx, id);
    if (!row) throw new AppError('notFound');
    if (row.status !== status) await updateTicketStatus(tx, id, status, ctx.clock.now());
    await audit({ number: formatTicketNumber(row.number), before: row.status }, tx);
  });
  return readTicket(ctx, id);
}

/**
 * A staff answer: stored in the conversation and mailed to the sender through the outbox, in one
 * transaction; the ticket then waits on the sender (pending) unless staff chose another status.
 */
export async function replyToTicket(
  ctx: AppContext,
  staff: AuthSession,
  id: string,
  reply: { body: string; status: TicketStatus },
  audit: RecordInTransaction<{ number: string }>,
): Promise<TicketDetail> {
  const settings = await getMailSiteSettings();
  const now = ctx.clock.now();
  await ctx.database.db.transaction(async (tx) => {
    const row = await lockTicket(tx, id);
    if (!row) throw new AppError('notFound');
    const ticket = { number: formatTicketNumber(row.number), lastName: row.lastName, firstName: row.firstName, title: row.title };
    const content = supportReplyMail(settings, { ticket, body: reply.body, formUrl: `${ctx.config.publicOrigin}/support` });
    const mailId = await queueMail(ctx, { template: 'support-reply', to: row.email, content }, tx);
    await insertMessage(tx, { ticketId: id, author: 'staff', staffAccountId: staff.accountId, body: reply.body, mailId, createdAt: now });
    await updateTicketStatus(tx, id, reply.status, now);
    await audit({ number: ticket.number }, tx);
  });
  ctx.logger.info('support ticket answered', { ticketId: id, staffAccountId: staff.accountId });
  return readTicket(ctx, id);
}
