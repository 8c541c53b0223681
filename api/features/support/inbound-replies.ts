import { normalizeEmail } from '../../../src/domain/auth-schemas.ts';
import { MAX_REPLY } from '../../../src/domain/support-schemas.ts';
import { replyAddress, type ReplyMail } from '../../adapters/inbound-mail/index.ts';
import type { AppContext } from '../../context.ts';
import { claimAttachments, storeMailedFiles } from './attachments.ts';
import { findTicketByNumber, findTicketByToken, insertMessage, insertRefusedMail, lockTicket, updateTicket } from './queries.ts';

/**
 * A sender's answer by mail (product decision 31), from the inbound-mail adapter. It threads into
 * its ticket by the token in the address it was sent to (support+<token>@…, the Reply-To of our
 * mail) or, without one, by the ticket number in the subject; it reopens the ticket and restarts
 * its clock. Refused, recorded with the reason for staff and never added as the sender's message:
 * a token that belongs to no ticket (forged or mistyped), or a sender who is not the ticket's.
 * A mail that names no real ticket by number is not a reply and goes nowhere.
 */
export type ReplyOutcome = 'threaded' | 'duplicate' | 'refused' | 'ignored';

/** The mailbox replies go to: INBOUND_ADDRESS, else the support address of Sanity's site settings. */
export async function supportMailbox(ctx: Pick<AppContext, 'config' | 'siteSettings'>): Promise<string> {
  return (ctx.config.inbound.address ?? (await ctx.siteSettings.get()).email).toLowerCase();
}

export async function ticketReplyAddress(ctx: Pick<AppContext, 'config' | 'siteSettings'>, token: string): Promise<string> {
  return replyAddress(await supportMailbox(ctx), token);
}

/** The new part of an answer: the quoted mail below it ("> …", "… wrote:") is dropped. */
export function stripQuotedReply(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const cut = lines.findIndex(
    (line, index) =>
      /^\s*>/.test(line) ||
      /^-{2,}\s*(original message|元のメッセージ|転送されたメッセージ)/i.test(line.trim()) ||
      (/(wrote|書きました|のメッセージ)[:：]?\s*$/i.test(line.trim()) && lines.slice(index + 1).some((next) => /^\s*>/.test(next))),
  );
  const kept = (cut > 0 ? lines.slice(0, cut) : lines).join('\n').trim();
  return kept || text.trim();
}

export async function receiveTicketReply(ctx: AppContext, mail: ReplyMail): Promise<ReplyOutcome> {
  const { db } = ctx.database;
  const { message } = mail;
  const ticket = mail.token !== null ? await findTicketByToken(db, mail.token) : mail.ticketNumber !== null ? await findTicketByNumber(db, mail.ticketNumber) : undefined;
  const body = stripQuotedReply(message.text).slice(0, MAX_REPLY);
  const refuse = async (reason: 'unknownToken' | 'senderMismatch', ticketId: string | null): Promise<ReplyOutcome> => {
    await insertRefusedMail(db, { ticketId, mailMessageId: message.messageId || null, fromAddress: message.from, subject: message.subject.slice(0, 500), body, reason, receivedAt: message.receivedAt });
    ctx.logger.warn('inbound reply refused', { reason, ticketId, messageId: message.messageId });
    return 'refused';
  };
  if (!ticket) {
    // Shown on the ticket the subject names, when it names one; otherwise kept for the log only.
    if (mail.token !== null) return refuse('unknownToken', mail.ticketNumber !== null ? ((await findTicketByNumber(db, mail.ticketNumber))?.id ?? null) : null);
    ctx.logger.info('inbound mail names no ticket: ignored', { messageId: message.messageId });
    return 'ignored';
  }
  if (normalizeEmail(message.from) !== ticket.email) return refuse('senderMismatch', ticket.id);

  const { refs, skipped } = await storeMailedFiles(ctx, message.attachments);
  const stored = await db.transaction(async (tx) => {
    const row = await lockTicket(tx, ticket.id);
    if (!row) return false;
    const messageId = await insertMessage(tx, { ticketId: row.id, author: 'customer', body, mailMessageId: message.messageId || null, createdAt: message.receivedAt });
    if (!messageId) return false;
    await claimAttachments(ctx, tx, { ticketId: row.id, messageId }, refs, message.receivedAt);
    // Reopened; the clock runs from the first unanswered message.
    await updateTicket(tx, row.id, { status: 'open', waitingSince: row.waitingSince ?? message.receivedAt }, message.receivedAt);
    return true;
  });
  if (!stored) return 'duplicate';
  ctx.logger.info('inbound reply threaded', { ticketId: ticket.id, files: refs.length, filesSkipped: skipped });
  return 'threaded';
}

export function registerInboundHandlers(ctx: AppContext): void {
  ctx.inbound.on('reply', (mail) => receiveTicketReply(ctx, mail));
}
