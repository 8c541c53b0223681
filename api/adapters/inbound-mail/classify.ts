import type { InboundMessage } from './parse.ts';

/**
 * What an inbound mail is, decided from the mail alone (the handlers check it against the
 * database): a reply to a support ticket, a bounce (or complaint), or anything else.
 *
 * A reply is recognised by the ticket's token in the address it was sent to (plus-addressing:
 * support+<token>@example.jp, the Reply-To of our support mail) or, failing that, by a ticket
 * number in the subject (「…（S-001024）」). Mail that has neither is not a reply: it never makes a
 * ticket (spam goes nowhere).
 */
export type InboundKind = 'reply' | 'bounce' | 'other';

export type Classified =
  | { kind: 'reply'; token: string | null; ticketNumber: number | null }
  | { kind: 'bounce' }
  | { kind: 'other'; why: 'automatic' | 'noTicketReference' };

/** The address replies to a ticket go to: the mailbox's local part, +, the token. */
export function replyAddress(mailbox: string, token: string): string {
  const at = mailbox.lastIndexOf('@');
  return `${mailbox.slice(0, at)}+${token}${mailbox.slice(at)}`;
}

/** The token in a plus-address of our mailbox (whatever it looks like), or null. */
export function tokenFromRecipients(recipients: string[], mailbox: string): string | null {
  const at = mailbox.lastIndexOf('@');
  const local = mailbox.slice(0, at).toLowerCase();
  const domain = mailbox.slice(at + 1).toLowerCase();
  for (const address of recipients) {
    const match = /^([^@+]+)\+([^@]+)@(.+)$/.exec(address.toLowerCase());
    if (match && match[1] === local && match[3] === domain) return match[2]!;
  }
  return null;
}

/** The ticket number quoted in a subject (S-001024), or null. */
export function ticketNumberFromSubject(subject: string): number | null {
  const match = /\bS-(\d{6,9})\b/i.exec(subject);
  return match ? Number(match[1]) : null;
}

export function classifyInbound(message: InboundMessage, mailbox: string): Classified {
  if (message.reports) return { kind: 'bounce' };
  if (message.isAutomatic) return { kind: 'other', why: 'automatic' };
  const token = tokenFromRecipients(message.recipients, mailbox);
  const ticketNumber = ticketNumberFromSubject(message.subject);
  if (token === null && ticketNumber === null) return { kind: 'other', why: 'noTicketReference' };
  return { kind: 'reply', token, ticketNumber };
}
