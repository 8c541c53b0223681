import { randomUUID } from 'node:crypto';
import type { H3Event } from 'h3';
import { attachmentName, attachmentTypes, extensionOf, MAX_ATTACHMENT_BYTES, sniffAttachmentType, type StepMailInput, type StepMailItem } from '../../../src/domain/mail/step-mails.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { sanitizeMailHtml } from '../mail/sanitize.ts';
import { deleteStepMail, findStepMail, insertStepMail, listStepMails, updateStepMail, type StepMailRow } from './queries.ts';

/** Step mails (decisions 8, 20, 21): the admin's list, and attachments through the storage adapter. */
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

/** A saved file must exist in storage and be, by its bytes, an allowed type within the size limit. */
async function checkStoredFile(ctx: AppContext, key: string | null | undefined): Promise<string | null> {
  if (!key) return null;
  const head = await ctx.storage.head(key);
  if (!head) throw new AppError('fileNotFound');
  if (head.size > MAX_ATTACHMENT_BYTES) throw new AppError('fileTooLarge');
  if (!sniffAttachmentType(head.start)) throw new AppError('fileTypeNotAllowed');
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

export async function createStep(ctx: AppContext, input: StepMailInput): Promise<StepMailItem> {
  const now = ctx.clock.now();
  return toItem(await insertStepMail(ctx.database.db, { ...(await values(ctx, input)), createdAt: now, updatedAt: now }));
}

export async function editStep(ctx: AppContext, num: number, input: StepMailInput): Promise<{ before: StepMailItem; after: StepMailItem }> {
  const before = await findStepMail(ctx.database.db, num);
  if (!before) throw new AppError('notFound');
  const after = await updateStepMail(ctx.database.db, num, { ...(await values(ctx, input)), updatedAt: ctx.clock.now() });
  if (!after) throw new AppError('notFound');
  return { before: toItem(before), after: toItem(after) };
}

export async function removeStep(ctx: AppContext, num: number): Promise<StepMailItem> {
  const before = await findStepMail(ctx.database.db, num);
  if (!before || !(await deleteStepMail(ctx.database.db, num))) throw new AppError('notFound');
  return toItem(before);
}

/** A new key under step-mails/ with the name's extension (after its first dot, spec §5). */
export function newFileKey(fileName: string, type: keyof typeof attachmentTypes): string {
  const extension = extensionOf(fileName) || type;
  return `step-mails/${randomUUID()}.${extension}`;
}

/** Where the browser uploads: S3 with a presigned POST, or this server. */
export async function uploadTarget(ctx: AppContext, fileName: string) {
  if (ctx.storage.presignUpload) {
    const key = `step-mails/${randomUUID()}.${extensionOf(fileName) || 'bin'}`;
    const { url, fields } = await ctx.storage.presignUpload(key, MAX_ATTACHMENT_BYTES);
    return { kind: 's3' as const, url, fields, key };
  }
  return { kind: 'direct' as const, url: '/api/v2/admin/step-mails/uploads', fields: {}, key: null };
}

/** The direct upload: the body is the file; its name comes in X-File-Name. */
export async function receiveUpload(ctx: AppContext, event: H3Event): Promise<{ file: string; type: string; size: number }> {
  const declared = Number(event.req.headers.get('content-length') ?? 0);
  if (declared > MAX_ATTACHMENT_BYTES) throw new AppError('fileTooLarge');
  const bytes = new Uint8Array(await event.req.arrayBuffer());
  if (bytes.byteLength > MAX_ATTACHMENT_BYTES) throw new AppError('fileTooLarge');
  const type = sniffAttachmentType(bytes);
  if (!type) throw new AppError('fileTypeNotAllowed');
  const fileName = decodeURIComponent(event.req.headers.get('x-file-name') ?? '');
  const key = newFileKey(fileName, type);
  await ctx.storage.put(key, bytes, attachmentTypes[type]);
  return { file: key, type: attachmentTypes[type], size: bytes.byteLength };
}
