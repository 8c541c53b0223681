import { randomUUID } from 'node:crypto';
import type { H3Event } from 'h3';
import { readBytesUpTo } from '../../lib/input.ts';
import { attachmentTypes, MAX_ATTACHMENT_BYTES, sniffAttachmentType, type AttachmentType } from '../../../src/domain/mail/step-mails.ts';
import { MAX_FILE_NAME, type AttachmentRef, type AttachmentView, type UploadedAttachment } from '../../../src/domain/support/desk.ts';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { MailAttachment } from '../mail/outbox.ts';
import { claimUploads, storePendingUpload } from '../uploads/pending.ts';
import { insertAttachments, type AttachmentRow } from './queries.ts';

/**
 * Files on support messages (product decisions 20, 31): PDF, PNG or JPEG by their bytes (the
 * step-mail check, sniffAttachmentType), at most 10 MB, kept through the storage adapter under
 * `support/<uuid>.<ext>` with the extension of the type the bytes show, never the name's.
 * A file is uploaded first (one request each, so a refusal names the file and loses nothing
 * typed), then named by the message that carries it.
 */
const extensionOf: Record<AttachmentType, string> = { pdf: 'pdf', png: 'png', jpeg: 'jpg' };

/** The name as shown and mailed: no path, no control characters, bounded. */
export function cleanFileName(name: string, type: AttachmentType): string {
  const base = [...(name.split(/[\\/]/).pop() ?? '')]
    .filter((char) => char.charCodeAt(0) > 0x1f && char !== '\u007f' && char !== '"')
    .join('')
    .trim()
    .slice(0, MAX_FILE_NAME);
  return base || `attachment.${extensionOf[type]}`;
}

/** Stores a file ahead of its message, on the waiting list (api/features/uploads/pending.ts). */
async function storeUpload(ctx: AppContext, bytes: Uint8Array, type: AttachmentType): Promise<string> {
  const key = `support/${randomUUID()}.${extensionOf[type]}`;
  await storePendingUpload(ctx, key, bytes, attachmentTypes[type]);
  return key;
}

/** The upload's body is the file; its name comes percent-encoded in X-File-Name. */
export async function receiveSupportUpload(ctx: AppContext, event: H3Event): Promise<UploadedAttachment> {
  // Counted as it streams in: a chunked body past the limit is refused without being held whole.
  const bytes = await readBytesUpTo(event, MAX_ATTACHMENT_BYTES, 'fileTooLarge');
  const type = sniffAttachmentType(bytes);
  if (!type) throw new AppError('fileTypeNotAllowed');
  let name = '';
  try {
    name = decodeURIComponent(event.req.headers.get('x-file-name') ?? '');
  } catch {
    name = '';
  }
  const key = await storeUpload(ctx, bytes, type);
  return { key, name: cleanFileName(name, type), contentType: attachmentTypes[type], size: bytes.byteLength };
}

/**
 * Ties uploaded files to a message, in its transaction: each must exist, be an allowed type by
 * its bytes and within the limit, and belong to no other message. Returns them as mail attachments.
 */
export async function claimAttachments(ctx: AppContext, tx: Database, owner: { ticketId: string; messageId: string }, refs: AttachmentRef[], at: Date): Promise<MailAttachment[]> {
  const rows = [];
  for (const ref of refs) {
    const head = await ctx.storage.head(ref.key);
    if (!head) throw new AppError('fileNotFound');
    if (head.size > MAX_ATTACHMENT_BYTES) throw new AppError('fileTooLarge');
    const type = sniffAttachmentType(head.start);
    if (!type) throw new AppError('fileTypeNotAllowed');
    rows.push({ ...owner, storageKey: ref.key, fileName: cleanFileName(ref.name, type), contentType: attachmentTypes[type], size: head.size, createdAt: at });
  }
  // Each file once, and only one stored here and not yet swept away.
  await claimUploads(tx, rows.map((row) => row.storageKey));
  if (!(await insertAttachments(tx, rows))) throw new AppError('fileNotFound');
  return rows.map((row) => ({ key: row.storageKey, filename: row.fileName, contentType: row.contentType }));
}

/** A file that arrived in a mail: kept when it passes the same checks, skipped (and logged) when not. */
export async function storeMailedFiles(ctx: AppContext, files: { fileName: string; content: Uint8Array }[]): Promise<{ refs: AttachmentRef[]; skipped: number }> {
  const refs: AttachmentRef[] = [];
  let skipped = 0;
  for (const file of files.slice(0, 5)) {
    const type = sniffAttachmentType(file.content);
    if (!type || file.content.byteLength > MAX_ATTACHMENT_BYTES) {
      skipped += 1;
      continue;
    }
    refs.push({ key: await storeUpload(ctx, file.content, type), name: cleanFileName(file.fileName, type) });
  }
  return { refs, skipped: skipped + Math.max(0, files.length - 5) };
}

export function attachmentView(row: AttachmentRow): AttachmentView {
  return { id: row.id, name: row.fileName, contentType: row.contentType, size: row.size, url: `/api/v2/admin/support-attachments/${row.id}` };
}
