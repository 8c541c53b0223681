import type { RecordInTransaction } from '../audit/record.ts';
import { randomUUID } from 'node:crypto';
import type { H3Event } from 'h3';
import {
  attachmentExtensions,
  attachmentName,
  attachmentTypes,
  claimedAttachmentType,
  MAX_ATTACHMENT_BYTES,
  sniffAttachmentType,
  type AttachmentType,
  type StepMailInput,
  type StepMailItem,
} from '../../../src/domain/mail/step-mails.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { readBytesUpTo } from '../../lib/input.ts';
import { sanitizeMailHtml } from '../mail/sanitize.ts';
import { claimUploads, expectUpload, storePendingUpload } from '../uploads/pending.ts';
import { deleteStepMail, findStepMail, insertStepMail, listStepMails, updateStepMail, type StepMailRow } from './queries.ts';

/** Step mails (product decisions 8, 20, 21): the admin's list, and attachments through the storage adapter. */
export function toItem(row: StepMailRow, sent = 0): StepMailItem {
  return { num: row.num, time: row.time, content: row.content, date: row.date, file: row.file, fileName: row.file ? attachmentFileName(row) : null, title: row.title, sent };
}

/** The name an attachment reaches members under: the one the admin chose, else the key's own. */
export function attachmentFileName(row: Pick<StepMailRow, 'file' | 'fileName'>): string {
  return row.fileName || (row.file ?? '').slice((row.file ?? '').lastIndexOf('/') + 1);
}

export async function listItems(ctx: AppContext): Promise<StepMailItem[]> {
  return (await listStepMails(ctx.database.db)).map((row) => toItem(row.step, row.sent ?? 0));
}

/**
 * A saved file must exist in storage and be, by its bytes, an allowed type within the size limit,
 * the type its key's extension names (an S3 upload's key was named before its bytes were seen).
 */
async function checkStoredFile(ctx: AppContext, key: string | null | undefined): Promise<string | null> {
  if (!key) return null;
  const head = await ctx.storage.head(key);
  if (!head) throw new AppError('fileNotFound');
  if (head.size > MAX_ATTACHMENT_BYTES) throw new AppError('fileTooLarge');
  const type = sniffAttachmentType(head.start);
  if (!type || !key.endsWith(`.${attachmentExtensions[type]}`)) throw new AppError('fileTypeNotAllowed');
  return key;
}

const values = async (ctx: AppContext, input: StepMailInput) => {
  const file = await checkStoredFile(ctx, input.file);
  return {
    title: input.title,
    content: sanitizeMailHtml(input.content),
    date: input.date,
    time: input.time,
    file,
    fileName: file ? attachmentName(input.fileName) || null : null,
  };
};

export async function createStep(ctx: AppContext, input: StepMailInput, audit: RecordInTransaction<StepMailItem>): Promise<StepMailItem> {
  const now = ctx.clock.now();
  const row = { ...(await values(ctx, input)), createdAt: now, updatedAt: now };
  return ctx.database.db.transaction(async (tx) => {
    // The file is claimed from the uploads' waiting list (pending.ts): one file serves one step, and
    // a file uploaded for a step never saved is deleted after a day.
    if (row.file) await claimUploads(tx, [row.file]);
    const created = toItem(await insertStepMail(tx, row));
    await audit(created, tx);
    return created;
  });
}

export async function editStep(
  ctx: AppContext,
  num: number,
  input: StepMailInput,
  audit: RecordInTransaction<{ before: StepMailItem; after: StepMailItem }>,
): Promise<{ before: StepMailItem; after: StepMailItem }> {
  const changes = { ...(await values(ctx, input)), updatedAt: ctx.clock.now() };
  return ctx.database.db.transaction(async (tx) => {
    const before = await findStepMail(tx, num);
    if (!before) throw new AppError('notFound');
    // A new file is claimed; the step's own file stays its own.
    if (changes.file && changes.file !== before.file) await claimUploads(tx, [changes.file]);
    const after = await updateStepMail(tx, num, changes);
    if (!after) throw new AppError('notFound');
    const change = { before: toItem(before), after: toItem(after) };
    await audit(change, tx);
    return change;
  });
}

export async function removeStep(ctx: AppContext, num: number, audit: RecordInTransaction<StepMailItem>): Promise<StepMailItem> {
  return ctx.database.db.transaction(async (tx) => {
    const before = await findStepMail(tx, num);
    if (!before || !(await deleteStepMail(tx, num))) throw new AppError('notFound');
    const removed = toItem(before);
    await audit(removed, tx);
    return removed;
  });
}

/** A new key under step-mails/ whose extension says the type (`.pdf`, `.png`, `.jpg`), whatever the file was called. */
export function newFileKey(type: AttachmentType): string {
  return `step-mails/${randomUUID()}.${attachmentExtensions[type]}`;
}

/**
 * Where the browser uploads: S3 with a presigned POST (the key named from the type the file's name
 * claims, checked against its bytes when the step is saved), or this server.
 */
export async function uploadTarget(ctx: AppContext, fileName: string) {
  if (ctx.storage.presignUpload) {
    const claimed = claimedAttachmentType(fileName);
    if (!claimed) throw new AppError('fileTypeNotAllowed');
    const key = newFileKey(claimed);
    // Listed before the browser has it: a file uploaded for a step never saved is swept (pending.ts).
    await expectUpload(ctx, key);
    const { url, fields } = await ctx.storage.presignUpload(key, MAX_ATTACHMENT_BYTES);
    return { kind: 's3' as const, url, fields, key };
  }
  return { kind: 'direct' as const, url: '/api/v2/admin/step-mails/uploads', fields: {}, key: null };
}

/**
 * The direct upload: the body is the file. It is read with a running byte count and refused
 * (413 fileTooLarge) as soon as it passes the limit, Content-Length or not; the type comes from
 * its bytes and names the stored extension. The name the browser sends (X-File-Name) is not used.
 */
export async function receiveUpload(ctx: AppContext, event: H3Event): Promise<{ file: string; type: string; size: number }> {
  const bytes = await readBytesUpTo(event, MAX_ATTACHMENT_BYTES, 'fileTooLarge');
  const type = sniffAttachmentType(bytes);
  if (!type) throw new AppError('fileTypeNotAllowed');
  const key = newFileKey(type);
  await storePendingUpload(ctx, key, bytes, attachmentTypes[type]);
  return { file: key, type: attachmentTypes[type], size: bytes.byteLength };
}
