import * as v from 'valibot';
import { STRICT_EMAIL } from './auth-schemas.ts';
import { entityId } from './ids.ts';
import { ASSIGNEE_VIEWS, attachmentRefs, TICKET_SORTS, type AttachmentView, type RefusedMail, type TicketDeskFields, type TicketNote } from './support/desk.ts';

/**
 * The support contact form and the staff inbox (member spec §2, §3, §5, §7; product decision 18): one
 * contract for the form, the API and the admin console. Every message is a key of src/i18n/ja.ts.
 */
const MAX_NAME = 50;
const MAX_EMAIL = 254;
/** Category and title come from Sanity's lists; the API only bounds them (docs/decisions/0017). */
const MAX_CHOICE = 100;
export const MAX_CONTENTS = 4000;
export const MAX_REPLY = 10_000;

/** The hidden field only bots fill in (the form hides it from people and assistive technology). */
export const HONEYPOT_FIELD = 'website';

/** Text as stored: NUL (which PostgreSQL refuses) and surrounding blank space dropped. */
const clean = (text: string) => text.replaceAll('\u0000', '').trim();

const required = (max: number) => v.pipe(v.string('thisFieldIsRequired'), v.transform(clean), v.nonEmpty('thisFieldIsRequired'), v.maxLength(max, 'tooLong'));

/** Free text keeps its line breaks (as \n). */
const multiline = (text: string) => clean(text.replace(/\r\n?/g, '\n'));

const contents = v.pipe(
  v.string('thisFieldIsRequired'),
  v.transform(multiline),
  v.nonEmpty('thisFieldIsRequired'),
  v.maxLength(MAX_CONTENTS, 'supportContentsTooLong'),
);

/** The form's fields (what people type and pick); the API's body adds the honeypot. */
export const supportFormSchema = v.object({
  lastName: required(MAX_NAME),
  firstName: required(MAX_NAME),
  email: v.pipe(v.string('thisFieldIsRequired'), v.trim(), v.nonEmpty('thisFieldIsRequired'), v.maxLength(MAX_EMAIL, 'invalidSupportEmail'), v.regex(STRICT_EMAIL, 'invalidSupportEmail')),
  category: required(MAX_CHOICE),
  title: required(MAX_CHOICE),
  contents,
});
export type SupportFormValues = v.InferInput<typeof supportFormSchema>;
export type SupportInquiry = v.InferOutput<typeof supportFormSchema>;

/** POST /api/v2/support-mail */
export const supportMailSchema = v.object({
  ...supportFormSchema.entries,
  [HONEYPOT_FIELD]: v.optional(v.string(), ''),
  /** Files uploaded first (product decision 31). */
  attachments: attachmentRefs,
});

/** What POST /api/v2/support-mail answers in `data`. */
export interface SupportMailReply {
  ticketId: string;
  /** The number people quote: 「お問い合わせ番号 S-001024」. */
  ticketNumber: string;
}

/** A ticket's number as people read and quote it. */
export function formatTicketNumber(number: number): string {
  return `S-${String(number).padStart(6, '0')}`;
}

/** The number inside what someone typed to find a ticket (S-001024, s1024, 1024), or null. */
export function parseTicketNumber(text: string): number | null {
  const match = /^(?:s-?)?0*(\d{1,9})$/i.exec(text.trim());
  return match ? Number(match[1]) : null;
}

/** A ticket's state: new (staff to answer), answered and waiting on the sender, or closed. */
export const TICKET_STATUSES = ['open', 'pending', 'resolved'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
const ticketStatus = v.picklist(TICKET_STATUSES, 'badRequest');

export const TICKETS_PAGE_SIZE = 20;

/** GET /api/v2/admin/support-tickets?status=&q=&accountId=&page= */
export const ticketListQuerySchema = v.object({
  status: v.optional(v.union([v.literal(''), ticketStatus]), ''),
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(MAX_EMAIL, 'tooLong')), ''),
  accountId: v.optional(v.union([v.literal(''), entityId]), ''),
  page: v.optional(v.pipe(v.string(), v.regex(/^[1-9]\d{0,5}$/, 'badRequest'), v.transform(Number)), '1'),
  assignee: v.optional(v.picklist(ASSIGNEE_VIEWS, 'badRequest'), ''),
  sort: v.optional(v.picklist(TICKET_SORTS, 'badRequest'), 'newest'),
});
export type TicketListQuery = v.InferInput<typeof ticketListQuerySchema>;

/** PUT /api/v2/admin/support-tickets/{id}: the status, the assignee (null: nobody), or both. */
export const ticketStatusSchema = v.pipe(
  v.object({ status: v.optional(ticketStatus), assigneeId: v.optional(v.nullable(entityId)) }),
  v.check((input) => input.status !== undefined || input.assigneeId !== undefined, 'badRequest'),
);

/** POST /api/v2/admin/support-tickets/{id}/replies: the answer, and the status it leaves (pending unless told). */
export const ticketReplySchema = v.object({
  body: v.pipe(
    v.string('thisFieldIsRequired'),
    v.transform(multiline),
    v.nonEmpty('thisFieldIsRequired'),
    v.maxLength(MAX_REPLY, 'tooLong'),
  ),
  status: v.optional(ticketStatus, 'pending'),
  attachments: attachmentRefs,
});
export type TicketReplyValues = v.InferInput<typeof ticketReplySchema>;

export interface TicketSummary extends TicketDeskFields {
  id: string;
  number: string;
  status: TicketStatus;
  category: string;
  title: string;
  lastName: string;
  firstName: string;
  email: string;
  /** Set when the sender was signed in. */
  accountId: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface TicketList {
  rows: TicketSummary[];
  total: number;
  page: number;
  pageSize: number;
  /** Tickets per status for the same search (the tabs' counts). */
  counts: Record<TicketStatus, number>;
}

export type MailDelivery = 'queued' | 'sent' | 'kept' | 'failed' | 'held';

export interface TicketMessage {
  id: string;
  author: 'customer' | 'staff';
  /** The staff member's name for a staff reply. */
  staffName: string | null;
  body: string;
  createdAt: string;
  /** Delivery of the reply mail (staff replies). */
  mailStatus: MailDelivery | null;
  /** The sender's message came by mail (an answer to ours), not through the form. */
  byMail: boolean;
  attachments: AttachmentView[];
}

export interface TicketDetail extends TicketSummary {
  messages: TicketMessage[];
  /** Staff only: never mailed, never in the sender's data export. */
  notes: TicketNote[];
  /** Answers by mail that were refused, with the reason. */
  refusedMails: RefusedMail[];
}
