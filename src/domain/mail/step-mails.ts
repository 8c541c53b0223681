import * as v from 'valibot';
import type { DeliveryStatus } from './delivery.ts';

/**
 * Step mails (spec §2, §3, §7; product decisions 8, 20, 21): the drip sequence. `num` is the order (given by
 * the server), `date` the days after the member's order was completed, `time` the time of day in
 * Japan (HH:mm), `title` and `content` (HTML) the mail, `file` an attachment's storage key or empty.
 */
export const STEP_TITLE_MAX = 200;
export const STEP_CONTENT_MAX = 100_000;
export const STEP_DAYS_MAX = 3650;
export const STEP_PAGE_SIZE = 20;
/** What the table shows instead of the HTML (spec §2). */
export const HTML_OMITTED = 'Html omitted...';

/** Attachments (product decision 20): PDF, PNG and JPEG, at most 10 MB, the type read from the bytes. */
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;
export const attachmentTypes = { pdf: 'application/pdf', png: 'image/png', jpeg: 'image/jpeg' } as const;
export type AttachmentType = keyof typeof attachmentTypes;

/** The extension a stored attachment gets: from its type, never from the name it was sent with. */
export const attachmentExtensions = { pdf: 'pdf', png: 'png', jpeg: 'jpg' } as const satisfies Record<AttachmentType, string>;

/** The type a file's name claims by its last extension (`.pdf`, `.png`, `.jpg`, `.jpeg`), if an allowed one. */
export function claimedAttachmentType(fileName: string): AttachmentType | undefined {
  const extension = /\.([a-z0-9]+)$/i.exec(fileName.trim())?.[1]?.toLowerCase();
  if (extension === 'pdf' || extension === 'png') return extension;
  if (extension === 'jpg' || extension === 'jpeg') return 'jpeg';
  return undefined;
}

/** The type a file's first bytes say it is, whatever its name claims. */
export function sniffAttachmentType(bytes: Uint8Array): AttachmentType | undefined {
  const starts = (...signature: number[]) => signature.every((byte, index) => bytes[index] === byte);
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return 'pdf'; // %PDF-
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (starts(0xff, 0xd8, 0xff)) return 'jpeg';
  return undefined;
}

/** The extension as the spec takes it: the name after its first dot, lower-case; '' without one. */
export function extensionOf(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const dot = base.indexOf('.');
  if (dot < 0) return '';
  return base
    .slice(dot + 1)
    .toLowerCase()
    .replace(/[^a-z0-9.]/g, '')
    .slice(0, 20);
}

/** Longest attachment name kept (characters). */
export const ATTACHMENT_NAME_MAX = 200;

/**
 * The name members see for an attachment: the chosen file's own name without any folder, control
 * characters or path separators; '' when nothing is left (the storage key's name is used then).
 */
export function attachmentName(fileName: string | null | undefined): string {
  const base = (fileName ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f"<>|:*?]/g, '').trim();
  if (clean === '.' || clean === '..') return '';
  return [...clean].slice(0, ATTACHMENT_NAME_MAX).join('');
}

/** Storage keys of step-mail attachments. */
export const stepFileKey = v.pipe(v.string('badRequest'), v.regex(/^step-mails\/[0-9a-f-]{36}\.[a-z0-9.]{1,20}$/, 'fileNotFound'));

const fields = {
  title: v.pipe(v.string('thisFieldIsRequired'), v.trim(), v.nonEmpty('thisFieldIsRequired'), v.maxLength(STEP_TITLE_MAX, 'tooLong')),
  content: v.pipe(v.string('thisFieldIsRequired'), v.trim(), v.nonEmpty('thisFieldIsRequired'), v.maxLength(STEP_CONTENT_MAX, 'tooLong')),
  date: v.pipe(
    v.union([v.number('invalidStepDate'), v.pipe(v.string('invalidStepDate'), v.regex(/^\d{1,4}$/, 'invalidStepDate'), v.transform(Number))], 'invalidStepDate'),
    v.integer('invalidStepDate'),
    v.minValue(0, 'invalidStepDate'),
    v.maxValue(STEP_DAYS_MAX, 'invalidStepDate'),
  ),
  time: v.pipe(v.string('invalidStepTime'), v.trim(), v.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'invalidStepTime')),
  file: v.optional(v.nullable(v.union([v.literal(''), stepFileKey])), ''),
  /** The attachment's original name (what members receive), cleaned by attachmentName. */
  fileName: v.optional(v.nullable(v.pipe(v.string('badRequest'), v.maxLength(1000, 'tooLong'))), null),
};
/** The largest step number the database holds (a PostgreSQL integer): a larger one is a bad request, not a failed query. */
export const STEP_NUM_MAX = 2_147_483_647;
const num = v.pipe(
  v.union([v.number('badRequest'), v.pipe(v.string('badRequest'), v.regex(/^[1-9]\d{0,9}$/, 'badRequest'), v.transform(Number))], 'badRequest'),
  v.integer('badRequest'),
  v.minValue(1, 'badRequest'),
  v.maxValue(STEP_NUM_MAX, 'badRequest'),
);

/** POST /api/v2/admin/step-mails */
export const stepMailSchema = v.object(fields);
export type StepMailInput = v.InferOutput<typeof stepMailSchema>;
/** PUT /api/v2/admin/step-mails */
export const stepMailUpdateSchema = v.object({ num, ...fields });
/** DELETE /api/v2/admin/step-mails (spec §7: num and time) */
export const stepMailDeleteSchema = v.object({ num, time: v.optional(v.string('badRequest')) });
export const stepNumParams = v.object({ num });

/** A row of data.Items (spec §3). */
export interface StepMailItem {
  num: number;
  time: string;
  content: string;
  date: number;
  file: string | null;
  /** The attachment's name as members receive it (null without a file). */
  fileName: string | null;
  title: string;
  /** Members mailed so far. */
  sent: number;
}

/** A row of the delivery log (api-contract "step-mail deliveries"). */
export interface StepMailDelivery {
  /** null: the member has closed the account (the address is not kept). */
  memberEmail: string | null;
  /** When the mail left, else when it was handed to the outbox or skipped (deliveryOf). */
  sentAt: string | null;
  status: DeliveryStatus;
}

