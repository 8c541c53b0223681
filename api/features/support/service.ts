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
import { supportInquiryMail, supportReceiptMail, supportReplyMail } from '../mail/templates/support.ts';
import { replyClock } from '../../../src/domain/support/business-days.ts';
import type { AssigneeView, AttachmentRef, TicketSort } from '../../../src/domain/support/desk.ts';
import { attachmentView, claimAttachments } from './attachments.ts';
import { toRefusedMail } from './desk-service.ts';
import { ticketReplyAddress } from './inbound-replies.ts';
import {
  countTicketsByStatus,
  findTicket,
  insertMessage,
  insertTicket,
  isStaff,
  listAttachments,
  listMessages,
  listNotes,
  listRefusedMails,
  listTickets,
  lockTicket,
  setMessageMail,
  updateTicket,
  type TicketFilter,
  type TicketWithAssignee,
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
  inquiry: SupportInquiry & { honeypot: string; attachments: AttachmentRef[] },
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

  const settings = await ctx.siteSettings.get();
  const now = ctx.clock.now();
  const { attachments: files, honeypot: _honeypot, ...sent } = { ...inquiry, email };
  const ticket = await db.transaction(async (tx) => {
    const row = await insertTicket(tx, {
      accountId: from.session?.accountId ?? null,
      lastName: sent.lastName,
      firstName: sent.firstName,
      email,
      category: sent.category,
      title: sent.title,
      status: 'open',
      waitingSince: now,
      createdAt: now,
      updatedAt: now,
    });
    const messageId = await insertMessage(tx, { ticketId: row.id, author: 'customer', body: sent.contents, createdAt: now });
    const attachments = await claimAttachments(ctx, tx, { ticketId: row.id, messageId: messageId! }, files, now);
    const info = { number: formatTicketNumber(row.number) };
    const consoleUrl = ticketConsoleUrl(ctx.config.publicOrigin, row.id);
    const fileNames = attachments.map((file) => file.filename);
    await queueMail(ctx, { template: 'support-inquiry', to: settings.email, content: supportInquiryMail(settings, { ticket: info, inquiry: sent, isMember: Boolean(from.session), consoleUrl, fileNames }), headers: { 'Reply-To': email } }, tx);
    // The receipt is answerable: a reply to it lands in this ticket (the Reply-To carries its token).
    const replyTo = await ticketReplyAddress(ctx, row.replyToken);
    await queueMail(ctx, { template: 'support-receipt', to: email, content: supportReceiptMail(settings, { ticket: info, inquiry: sent, fileNames }), headers: { 'Reply-To': replyTo } }, tx);
    return { ticketId: row.id, ticketNumber: info.number };
  });
  ctx.logger.info('support ticket created', { ticketId: ticket.ticketId, member: Boolean(from.session) });
  return ticket;
}

function toSummary({ ticket: row, assigneeLastName, assigneeFirstName }: TicketWithAssignee, now: Date): TicketSummary {
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
    assignee: row.assigneeId && assigneeLastName !== null ? { id: row.assigneeId, name: `${assigneeLastName} ${assigneeFirstName}` } : null,
    waitingSince: row.waitingSince?.toISOString() ?? null,
    // A resolved ticket waits for nobody, whatever its last message was.
    clock: row.waitingSince && row.status !== 'resolved' ? replyClock(row.waitingSince, now) : null,
  };
}

/**
 * The inbox: tickets of one status (or all), found by email or ticket number, everyone's, mine or
 * nobody's, newest first or the longest-waiting first.
 */
export async function findTickets(
  ctx: AppContext,
  staff: AuthSession,
  query: { status: TicketStatus | ''; q: string; accountId: string; page: number; assignee: AssigneeView; sort: TicketSort },
): Promise<TicketList> {
  const { db } = ctx.database;
  const assigneeId = query.assignee === 'me' ? staff.accountId : query.assignee === 'none' ? null : '';
  const filter: TicketFilter = { status: query.status, emailContains: query.q, number: parseTicketNumber(query.q), accountId: query.accountId, assigneeId };
  const now = ctx.clock.now();
  const [{ rows, total }, counted] = await Promise.all([
    listTickets(db, filter, { limit: TICKETS_PAGE_SIZE, offset: (query.page - 1) * TICKETS_PAGE_SIZE, sort: query.sort }),
    countTicketsByStatus(db, filter),
  ]);
  const counts = Object.fromEntries(TICKET_STATUSES.map((status) => [status, counted.find((c) => c.status === status)?.total ?? 0])) as Record<TicketStatus, number>;
  return { rows: rows.map((row) => toSummary(row, now)), total, page: query.page, pageSize: TICKETS_PAGE_SIZE, counts };
}

/** One ticket with its conversation, notes, files and refused mail; 404 when there is none. */
export async function readTicket(ctx: AppContext, id: string): Promise<TicketDetail> {
  const { db } = ctx.database;
  const [row, messages, notes, files, refused] = await Promise.all([findTicket(db, id), listMessages(db, id), listNotes(db, id), listAttachments(db, id), listRefusedMails(db, id)]);
  if (!row) throw new AppError('notFound');
  const filesOf = Map.groupBy(files, (file) => file.messageId);
  return {
    ...toSummary(row, ctx.clock.now()),
    notes: notes.map((note) => ({ id: note.id, staffName: note.staffLastName !== null ? `${note.staffLastName} ${note.staffFirstName}` : null, body: note.body, createdAt: note.createdAt.toISOString() })),
    refusedMails: refused.map(toRefusedMail),
    messages: messages.map((message) => ({
      id: message.id,
      author: message.author,
      staffName: message.author === 'staff' && message.staffLastName !== null ? `${message.staffLastName} ${message.staffFirstName}` : null,
      body: message.body,
      createdAt: message.createdAt.toISOString(),
      mailStatus: message.mailStatus,
      byMail: message.mailMessageId !== null,
      attachments: (filesOf.get(message.id) ?? []).map(attachmentView),
    })),
  };
}

/** Status and/or owner; the owner must be a staff account (null: nobody). */
export async function changeTicket(
  ctx: AppContext,
  id: string,
  change: { status?: TicketStatus | undefined; assigneeId?: string | null | undefined },
  audit: RecordInTransaction<{ number: string; before: { status: TicketStatus; assigneeId: string | null } }>,
): Promise<TicketDetail> {
  await ctx.database.db.transaction(async (tx) => {
    const row = await lockTicket(tx, id);
    if (!row) throw new AppError('notFound');
    if (change.assigneeId && !(await isStaff(tx, change.assigneeId))) throw new AppError('assigneeNotStaff');
    const update: Parameters<typeof updateTicket>[2] = {};
    if (change.status !== undefined && change.status !== row.status) update.status = change.status;
    if (change.assigneeId !== undefined && change.assigneeId !== row.assigneeId) update.assigneeId = change.assigneeId;
    if (Object.keys(update).length > 0) await updateTicket(tx, id, update, ctx.clock.now());
    await audit({ number: formatTicketNumber(row.number), before: { status: row.status, assigneeId: row.assigneeId ?? null } }, tx);
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
  reply: { body: string; status: TicketStatus; attachments: AttachmentRef[] },
  audit: RecordInTransaction<{ number: string }>,
): Promise<TicketDetail> {
  const settings = await ctx.siteSettings.get();
  const now = ctx.clock.now();
  await ctx.database.db.transaction(async (tx) => {
    const row = await lockTicket(tx, id);
    if (!row) throw new AppError('notFound');
    const messageId = (await insertMessage(tx, { ticketId: id, author: 'staff', staffAccountId: staff.accountId, body: reply.body, createdAt: now }))!;
    const attachments = await claimAttachments(ctx, tx, { ticketId: id, messageId }, reply.attachments, now);
    const ticket = { number: formatTicketNumber(row.number), lastName: row.lastName, firstName: row.firstName, title: row.title };
    const content = supportReplyMail(settings, { ticket, body: reply.body, formUrl: `${ctx.config.publicOrigin}/support` });
    const headers = { 'Reply-To': await ticketReplyAddress(ctx, row.replyToken) };
    const mailId = await queueMail(ctx, { template: 'support-reply', to: row.email, content, headers, attachments }, tx);
    await setMessageMail(tx, messageId, mailId ?? null);
    // Answered: the clock stops until the sender writes again.
    await updateTicket(tx, id, { status: reply.status, waitingSince: null }, now);
    await audit({ number: ticket.number }, tx);
  });
  ctx.logger.info('support ticket answered', { ticketId: id, staffAccountId: staff.accountId });
  return readTicket(ctx, id);
}
