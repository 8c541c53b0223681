import * as v from 'valibot';
import type { ReplyClock } from './business-days.ts';

/**
 * The support desk (product decision 31): assignment, internal notes, canned replies and
 * attachments. One contract for the API and the console (api-contract.md, third wave).
 */

/** Files a message may carry (product decision 20 sets type and size; 5 is ours). */
export const MAX_MESSAGE_ATTACHMENTS = 5;
export const MAX_FILE_NAME = 200;
export const MAX_NOTE = 10_000;
export const MAX_CANNED_TITLE = 100;
export const MAX_CANNED_BODY = 10_000;

/** Where the support form and staff upload a file before sending (raw body, X-File-Name). */
export const SUPPORT_UPLOAD_PATH = '/api/v2/support-mail/attachments';
export const STAFF_UPLOAD_PATH = '/api/v2/admin/support-tickets/attachments';

/** A file uploaded earlier, named in the message that carries it. */
export const attachmentRefSchema = v.object({
  key: v.pipe(v.string('fileNotFound'), v.regex(/^support\/[0-9a-f-]{36}\.(pdf|png|jpg)$/, 'fileNotFound')),
  name: v.pipe(v.string('badRequest'), v.trim(), v.maxLength(MAX_FILE_NAME, 'tooLong')),
});
export type AttachmentRef = v.InferOutput<typeof attachmentRefSchema>;

export const attachmentRefs = v.optional(v.pipe(v.array(attachmentRefSchema, 'badRequest'), v.maxLength(MAX_MESSAGE_ATTACHMENTS, 'tooManyAttachments')), []);

/** What an upload answers: the key to send with the message. */
export interface UploadedAttachment {
  key: string;
  name: string;
  contentType: string;
  size: number;
}

const text = (max: number) =>
  v.pipe(
    v.string('thisFieldIsRequired'),
    v.transform((value) => value.replaceAll('\u0000', '').replace(/\r\n?/g, '\n').trim()),
    v.nonEmpty('thisFieldIsRequired'),
    v.maxLength(max, 'tooLong'),
  );

/** POST /api/v2/admin/support-tickets/{id}/notes */
export const noteSchema = v.object({ body: text(MAX_NOTE) });

/** POST /api/v2/admin/canned-replies, PUT /{id} */
export const cannedReplySchema = v.object({ title: text(MAX_CANNED_TITLE), body: text(MAX_CANNED_BODY) });
export type CannedReplyValues = v.InferInput<typeof cannedReplySchema>;

/** GET /api/v2/admin/canned-replies?q= (part of the title or the body) */
export const cannedReplyQuerySchema = v.object({ q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, 'tooLong')), '') });

export interface CannedReply {
  id: string;
  title: string;
  body: string;
  updatedAt: string;
}

/** The placeholder a canned reply uses for the sender's name. */
export const NAME_PLACEHOLDER = '{{name}}';

/** A canned reply's body for one ticket: {{name}} (spaces inside allowed) becomes 「姓 名」. */
export function fillCannedReply(body: string, sender: { lastName: string; firstName: string }): string {
  return body.replace(/\{\{\s*name\s*\}\}/g, `${sender.lastName} ${sender.firstName}`);
}

/** Views of the inbox by owner: everyone's, the signed-in staff member's, nobody's. */
export const ASSIGNEE_VIEWS = ['', 'me', 'none'] as const;
export type AssigneeView = (typeof ASSIGNEE_VIEWS)[number];
/** newest: by arrival; waiting: the longest-waiting unanswered first (the clock's order). */
export const TICKET_SORTS = ['newest', 'waiting'] as const;
export type TicketSort = (typeof TICKET_SORTS)[number];

export interface StaffMember {
  id: string;
  name: string;
}

export interface AttachmentView {
  id: string;
  name: string;
  contentType: string;
  size: number;
  /** Staff-only address of the file (images are previewed from it). */
  url: string;
}

export interface TicketNote {
  id: string;
  staffName: string | null;
  body: string;
  createdAt: string;
}

export const REFUSAL_REASONS = ['unknownToken', 'senderMismatch'] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

/** A mailed answer that was not taken into the conversation, and why. */
export interface RefusedMail {
  id: string;
  fromAddress: string;
  subject: string;
  body: string;
  reason: RefusalReason;
  receivedAt: string;
}

/** What the inbox shows of the desk on each ticket. */
export interface TicketDeskFields {
  assignee: StaffMember | null;
  /** The sender's unanswered message arrived then; null when staff have answered. */
  waitingSince: string | null;
  clock: ReplyClock | null;
}
